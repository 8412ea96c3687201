import { z } from 'zod';
import { localDate, todayIn, wholeYearsBetween } from './calendar.js';
import { optionalEmailSchema, phoneSchema } from './contact.js';
import { listQuerySchema } from './lists.js';
import { messageLanguageSchema } from './messages.js';
import { isoDateSchema } from './schedule.js';
import { lineText, multilineText } from './text.js';

export const genders = ['MALE', 'FEMALE', 'OTHER'] as const;
export const genderSchema = z.enum(genders);
export type Gender = z.infer<typeof genderSchema>;
/** How a gender is written wherever people read it: the console's forms and lists, the CSV export. */
export const genderLabels: Record<Gender, string> = { MALE: 'Male', FEMALE: 'Female', OTHER: 'Other' };
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
  // POSIX-style names flip the sign: Etc/GMT-14 is UTC+14 all year.
  return todayIn('Etc/GMT-14', now);
}

/**
 * ABHA numbers (Ayushman Bharat Health Account) carry a Verhoeff check digit as their 14th: a
 * single mistyped digit or two swapped neighbours never pass.
 */
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function verhoeffSum(digits: string, offset: number): number {
  let check = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((digit, index) => {
    check = VERHOEFF_D[check]![VERHOEFF_P[(index + offset) % 8]![Number(digit)]!]!;
  });
  return check;
}

/** True when the last digit is the Verhoeff check digit of the others. */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffSum(digits, 0) === 0;
}

/** The Verhoeff check digit to append to `digits` (tests and fixtures make valid numbers with it). */
export function verhoeffCheckDigit(digits: string): string {
  return String(VERHOEFF_INV[verhoeffSum(digits, 1)]);
}

/** 14 digits as ABHA cards print them: XX-XXXX-XXXX-XXXX. */
export function formatAbhaNumber(digits: string): string {
  return digits.replace(/^(\d{2})(\d{4})(\d{4})(\d{4})$/, '$1-$2-$3-$4');
}

/** Typed with or without hyphens and spaces; stored as its 14 digits. */
export const abhaNumberSchema = z
  .string()
  .trim()
  .transform((raw) => raw.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{14}$/, { message: 'An ABHA number has 14 digits, e.g. 91-1234-5678-9012', abort: true })
      .refine(verhoeffValid, 'This is not a valid ABHA number: check the digits'),
  );

/**
 * An ABHA address: 8 to 18 letters and digits with at most one dot or underscore (not first or
 * last), then @abdm (production) or @sbx (the ABDM sandbox). Stored lower-case.
 */
export const ABHA_ADDRESS_PATTERN = /^(?=.{8,18}@)[a-z0-9]+(?:[._][a-z0-9]+)?@(?:abdm|sbx)$/;
export const abhaAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(ABHA_ADDRESS_PATTERN, 'Use an ABHA address like name.surname@abdm (8–18 letters or digits before @abdm or @sbx)');

/** The organisation's UHID (MR number) prefix: 'SAN-' makes SAN-000123. Settings → Organisation. */
export const uhidPrefixSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9/-]{0,9}$/, 'Use 1–10 letters, digits, - or /, starting with a letter');
/** Digits a UHID's number is padded to: SAN-000123. */
export const UHID_DIGITS = 6;

const patientFields = z.object({
  name: lineText().trim().min(2, 'Enter the patient’s name').max(120),
  phone: phoneSchema,
  email: optionalEmailSchema,
  gender: genderSchema,
  dateOfBirth: isoDateSchema
    .refine((date) => date <= latestDateOnEarth(), 'Date of birth cannot be in the future')
    .refine((date) => date >= '1900-01-01', 'Enter a date of birth after 1900')
    .nullable()
    .optional(),
  /**
   * Age in whole years when the date of birth is not known (common at an Indian desk): stored as
   * 1 January of the birth year on the organisation's calendar, with dobEstimated set, so age
   * bands and the shown age keep working. Send either this or dateOfBirth.
   */
  ageYears: z.number().int('Enter the age in whole years').min(0, 'Enter an age of 0 or more').max(120, 'Enter an age of at most 120').nullable().optional(),
  bloodGroup: bloodGroupSchema.nullable().optional(),
  address: multilineText().trim().max(300).nullable().optional(),
  notes: multilineText().trim().max(2000).nullable().optional(),
  abhaNumber: abhaNumberSchema.nullable().optional(),
  abhaAddress: abhaAddressSchema.nullable().optional(),
  /** The patient agrees to messages by WhatsApp or SMS (the desk asks; an inbound STOP withdraws it). */
  messageConsent: z.boolean().optional(),
  /** The language of the patient's messages; null: the organisation's default. */
  messageLanguage: messageLanguageSchema.nullable().optional(),
});

function dateOfBirthOrAge(value: { dateOfBirth?: string | null | undefined; ageYears?: number | null | undefined }, context: z.RefinementCtx): void {
  if (value.dateOfBirth != null && value.ageYears != null) {
    context.addIssue({ code: 'custom', path: ['ageYears'], message: 'Give the date of birth or the age, not both' });
  }
}

/** The fields one by one, for contracts that take a few of them (the patient app's 'someone else'). */
export const patientFieldShape = patientFields.shape;

export const patientInputSchema = patientFields.superRefine(dateOfBirthOrAge);
export type PatientInput = z.input<typeof patientInputSchema>;
export const patientUpdateSchema = patientFields.partial().superRefine(dateOfBirthOrAge);
export type PatientUpdate = z.input<typeof patientUpdateSchema>;

export const patientSchema = z.object({
  id: z.uuid(),
  /** The organisation's own patient number (UHID / MR number), e.g. SAN-000123; never reused. */
  uhid: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  gender: genderSchema,
  dateOfBirth: z.string().nullable(),
  /** True when dateOfBirth was worked out from an age in years (1 January of that year). */
  dobEstimated: z.boolean(),
  bloodGroup: bloodGroupSchema.nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  /** 14 digits; shown as XX-XXXX-XXXX-XXXX (formatAbhaNumber). */
  abhaNumber: z.string().nullable(),
  abhaAddress: z.string().nullable(),
  messageConsent: z.boolean(),
  /** When consent last changed and who changed it: a staff member's name, or 'Patient: STOP by WhatsApp'. */
  messageConsentAt: z.iso.datetime().nullable(),
  messageConsentBy: z.string().nullable(),
  messageLanguage: messageLanguageSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Patient = z.infer<typeof patientSchema>;

/**
 * A row of the patient list: what the console's list shows (UHID, name, phone, gender, age,
 * blood group, registered). Notes, address, e-mail and the date of birth stay on GET
 * /api/patients/:id, whose read is audited by the record (issue 13).
 */
export const patientSummarySchema = patientSchema.pick({ id: true, uhid: true, name: true, phone: true, gender: true, bloodGroup: true, createdAt: true }).extend({
  /** Whole years today; null without a date of birth. */
  age: z.number().int().nullable(),
});
export type PatientSummary = z.infer<typeof patientSummarySchema>;

/** The list row of a full record (a record just created or opened, shown where a list row goes). */
export function patientSummaryOf(patient: Patient, today = new Date()): PatientSummary {
  const { id, uhid, name, phone, gender, bloodGroup, createdAt } = patient;
  return { id, uhid, name, phone, gender, bloodGroup, createdAt, age: patient.dateOfBirth ? ageFrom(patient.dateOfBirth, today) : null };
}

export const patientListQuerySchema = listQuerySchema(['name', 'createdAt', 'dateOfBirth'] as const).extend({
  gender: genderSchema.optional(),
  ageBand: ageBandSchema.optional(),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

/**
 * POST /api/patients/matches: other patients of the organisation already using a phone number —
 * a warning, never a block (families share phones). A POST so the number stays out of URLs and
 * logs; answered as list rows so a booking can pick one ('Use this patient').
 */
export const patientMatchesQuerySchema = z.object({ phone: phoneSchema, excludeId: z.uuid().optional() });
export type PatientMatchesQuery = z.input<typeof patientMatchesQuerySchema>;
export const patientMatchesSchema = z.object({ data: z.array(patientSummarySchema) });

/** Whole years between a date of birth and today: a YYYY-MM-DD, or a Date read on this machine's calendar. */
export function ageFrom(dateOfBirth: string, today: string | Date = new Date()): number {
  return wholeYearsBetween(dateOfBirth, typeof today === 'string' ? today : localDate(today));
}
