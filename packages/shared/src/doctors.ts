import { z } from 'zod';
import { optionalEmailSchema, phoneSchema } from './contact.js';
import { listQuerySchema, paiseSchema, queryBooleanSchema } from './lists.js';
import { leaveDatesSchema, weeklyAvailabilitySchema } from './schedule.js';
import { lineText, multilineText } from './text.js';

/** The most extra visits a day an admin may allow beyond a doctor's (scan's, test's) slots. */
export const MAX_EXTRA_PER_DAY = 50;

export const SPECIALIZATIONS = [
  'General Medicine',
  'Cardiology',
  'Orthopaedics',
  'Paediatrics',
  'Gynaecology',
  'Dermatology',
  'ENT',
  'Ophthalmology',
  'Neurology',
  'Psychiatry',
  'Gastroenterology',
  'Pulmonology',
  'Nephrology',
  'Urology',
  'Endocrinology',
  'Oncology',
  'Dentistry',
  'Physiotherapy',
  'General Surgery',
  'Radiology',
] as const;

const doctorFields = z.object({
  facilityId: z.uuid().nullable().optional(),
  name: lineText().trim().min(2, 'Enter the doctor’s name').max(120),
  photoUrl: lineText().max(500).nullable().optional(),
  specialization: lineText().trim().min(2, 'Choose a specialization').max(80),
  qualifications: lineText().trim().max(200).nullable().optional(),
  experienceYears: z.number().int().min(0).max(70).nullable().optional(),
  consultationFeePaise: paiseSchema,
  phone: phoneSchema.nullable().optional(),
  email: optionalEmailSchema,
  bio: multilineText().trim().max(2000).nullable().optional(),
  /** Shown before the token number on slips and the waiting-room display: 'A' -> A-007. */
  tokenPrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'Use up to 3 letters or digits')
    .nullable()
    .optional(),
  /** Where patients go when called ('Room 12, 2nd floor'): the 'now being served' message names it. */
  room: lineText().trim().max(60, 'Use at most 60 characters for the room').nullable().optional(),
  slotMinutes: z.number().int().min(5).max(240),
  patientsPerSlot: z.number().int().min(1).max(50),
  /** Extra patients a day beyond the slots: booked only as extras (the desk asks), set by an admin. */
  extraPerDay: z.number().int().min(0).max(MAX_EXTRA_PER_DAY),
  availability: weeklyAvailabilitySchema,
  leaveDates: leaveDatesSchema,
  active: z.boolean(),
});
export const doctorInputSchema = doctorFields.extend({
  slotMinutes: doctorFields.shape.slotMinutes.default(15),
  patientsPerSlot: doctorFields.shape.patientsPerSlot.default(1),
  extraPerDay: doctorFields.shape.extraPerDay.default(0),
  availability: doctorFields.shape.availability.default([]),
  leaveDates: doctorFields.shape.leaveDates.default([]),
  active: doctorFields.shape.active.default(true),
});
export type DoctorInput = z.input<typeof doctorInputSchema>;
/** PATCH changes only the fields sent: no defaults here, or an empty body would reset them. */
export const doctorUpdateSchema = doctorFields.partial();
export type DoctorUpdate = z.input<typeof doctorUpdateSchema>;

export const doctorSchema = z.object({
  id: z.uuid(),
  facilityId: z.uuid().nullable(),
  facilityName: z.string().nullable(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  specialization: z.string(),
  qualifications: z.string().nullable(),
  experienceYears: z.number().int().nullable(),
  consultationFeePaise: z.number().int(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  bio: z.string().nullable(),
  tokenPrefix: z.string().nullable(),
  room: z.string().nullable(),
  slotMinutes: z.number().int(),
  patientsPerSlot: z.number().int(),
  extraPerDay: z.number().int(),
  availability: weeklyAvailabilitySchema,
  leaveDates: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Doctor = z.infer<typeof doctorSchema>;

export const doctorListQuerySchema = listQuerySchema(['name', 'specialization', 'consultationFee', 'createdAt'] as const).extend({
  specialization: lineText().max(80).optional(),
  facilityId: z.uuid().optional(),
  active: queryBooleanSchema.optional(),
});
export type DoctorListQuery = z.input<typeof doctorListQuerySchema>;
