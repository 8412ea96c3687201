import { z } from 'zod';
import { optionalEmailSchema, phoneSchema } from './contact.js';
import { listQuerySchema } from './lists.js';
import { isoDateSchema } from './schedule.js';
import { lineText, multilineText } from './text.js';

export const genders = ['MALE', 'FEMALE', 'OTHER'] as const;
export const genderSchema = z.enum(genders);
export type Gender = z.infer<typeof genderSchema>;
export const bloodGroups = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const bloodGroupSchema = z.enum(bloodGroups);

/** Age bands the patient list filters by: [min, max] years inclusive. */
export const AGE_BANDS = {
  '0-17': [0, 17],
  '18-40': [18, 40],
  '41-60': [41, 60],
  '61+': [61, 150],
} as const;
export const ageBandSchema = z.enum(Object.keys(AGE_BANDS) as [keyof typeof AGE_BANDS, ...(keyof typeof AGE_BANDS)[]]);
export type AgeBand = z.infer<typeof ageBandSchema>;

/**
 * The calendar date where it is latest (UTC+14). This schema serves every organisation's zone and
 * the browser's, so "in the future" is judged against the newest today anywhere: UTC's today would
 * refuse a baby born today in India between midnight and 05:30.
 */
export function latestDateOnEarth(now = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const patientInputSchema = z.object({
  name: lineText().trim().min(2, 'Enter the patient’s name').max(120),
  phone: phoneSchema,
  email: optionalEmailSchema,
  gender: genderSchema,
  dateOfBirth: isoDateSchema
    .refine((date) => date <= latestDateOnEarth(), 'Date of birth cannot be in the future')
    .refine((date) => date >= '1900-01-01', 'Enter a date of birth after 1900')
    .nullable()
    .optional(),
  bloodGroup: bloodGroupSchema.nullable().optional(),
  address: multilineText().trim().max(300).nullable().optional(),
  notes: multilineText().trim().max(2000).nullable().optional(),
});
export type PatientInput = z.input<typeof patientInputSchema>;
export const patientUpdateSchema = patientInputSchema.partial();
export type PatientUpdate = z.input<typeof patientUpdateSchema>;

export const patientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  gender: genderSchema,
  dateOfBirth: z.string().nullable(),
  bloodGroup: bloodGroupSchema.nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Patient = z.infer<typeof patientSchema>;

/**
 * A row of the patient list: what the console's list shows (name, phone, gender, age,
 * blood group, registered). Notes, address, e-mail and the date of birth stay on GET
 * /api/patients/:id, whose read is audited by the record (issue 13).
 */
export const patientSummarySchema = patientSchema.pick({ id: true, name: true, phone: true, gender: true, bloodGroup: true, createdAt: true }).extend({
  /** Whole years today; null without a date of birth. */
  age: z.number().int().nullable(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

/** The list row of a full record (a record just created or opened, shown where a list row goes). */
export function patientSummaryOf(patient: Patient, today = new Date()): PatientSummary {
  const { id, name, phone, gender, bloodGroup, createdAt } = patient;
  return { id, name, phone, gender, bloodGroup, createdAt, age: patient.dateOfBirth ? ageFrom(patient.dateOfBirth, today) : null };
}

export const patientListQuerySchema = listQuerySchema(['name', 'createdAt', 'dateOfBirth'] as const).extend({
  gender: genderSchema.optional(),
  ageBand: ageBandSchema.optional(),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

/** Another patient already using a phone number: a warning, never a block (issue #3). */
export const phoneMatchesQuerySchema = z.object({ phone: phoneSchema, excludeId: z.uuid().optional() });
export const phoneMatchesSchema = z.object({ data: z.array(z.object({ id: z.uuid(), name: z.string() })) });

/** Whole years between a date of birth and today. */
export function ageFrom(dateOfBirth: string, today = new Date()): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}
