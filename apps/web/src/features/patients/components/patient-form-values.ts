import { zodResolver } from '@/lib/zod-resolver';
import { ageFrom, formatAbhaNumber, patientInputSchema, phoneSchema, type bloodGroups, type Gender, type MessageLanguage, type Patient } from '@caredesk/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { fPhone } from '@/lib/format';
import { t } from '../i18n';

type BloodGroup = (typeof bloodGroups)[number];

/** What the inputs hold: text everywhere, '' for "not given". */
export interface PatientFormValues {
  name: string;
  phone: string;
  email: string;
  gender: Gender | '';
  dateOfBirth: string;
  /** Whole years, when the date of birth is not known (either this or dateOfBirth). */
  ageYears: string;
  bloodGroup: BloodGroup | '';
  address: string;
  notes: string;
  abhaNumber: string;
  abhaAddress: string;
  /** The patient agrees to messages by WhatsApp and SMS (asked at the desk). */
  messageConsent: boolean;
  /** '' is the organisation's default language. */
  messageLanguage: MessageLanguage | '';
}

/** What the API gets: the shared schema's output (phone as +91…, e-mail lower-case, blanks as null). */
export type PatientPayload = z.output<typeof patientInputSchema>;

export const emptyPatientForm: PatientFormValues = {
  name: '',
  phone: '',
  email: '',
  gender: '',
  dateOfBirth: '',
  ageYears: '',
  bloodGroup: '',
  address: '',
  notes: '',
  abhaNumber: '',
  abhaAddress: '',
  messageConsent: false,
  messageLanguage: '',
};

export function patientFormValues(patient: Patient): PatientFormValues {
  return {
    name: patient.name,
    // Grouped as people read it; the schema drops the spaces again.
    phone: fPhone(patient.phone),
    email: patient.email ?? '',
    gender: patient.gender,
    // An estimated date of birth came from an age: it is edited as that age.
    dateOfBirth: patient.dobEstimated ? '' : (patient.dateOfBirth ?? ''),
    ageYears: patient.dobEstimated && patient.dateOfBirth ? String(ageFrom(patient.dateOfBirth)) : '',
    bloodGroup: patient.bloodGroup ?? '',
    address: patient.address ?? '',
    notes: patient.notes ?? '',
    abhaNumber: patient.abhaNumber ? formatAbhaNumber(patient.abhaNumber) : '',
    abhaAddress: patient.abhaAddress ?? '',
    messageConsent: patient.messageConsent,
    messageLanguage: patient.messageLanguage ?? '',
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);
/** '' is null (not given); anything else a number for the schema to judge ('3.5' and 'x' fail there). */
export const ageInput = (value: string) => (value.trim() === '' ? null : Number(value));

/** The form's text as the shared schema's input: an empty optional field is null (cleared). */
function toSchemaInput(values: PatientFormValues): Record<keyof PatientFormValues, unknown> {
  return {
    name: values.name,
    phone: values.phone,
    email: blankToNull(values.email),
    gender: values.gender === '' ? undefined : values.gender,
    dateOfBirth: blankToNull(values.dateOfBirth),
    ageYears: ageInput(values.ageYears),
    bloodGroup: values.bloodGroup === '' ? null : values.bloodGroup,
    address: blankToNull(values.address),
    notes: blankToNull(values.notes),
    abhaNumber: blankToNull(values.abhaNumber),
    abhaAddress: blankToNull(values.abhaAddress),
    messageConsent: values.messageConsent,
    messageLanguage: values.messageLanguage === '' ? null : values.messageLanguage,
  };
}

const sharedResolver = zodResolver(patientInputSchema);

/**
 * Validates with the shared patientInputSchema (one source of truth with the server) after
 * turning blanks into nulls; only the wording of a missing gender is the form's own.
 */
export const patientFormResolver: Resolver<PatientFormValues, unknown, PatientPayload> = async (values, context, options) => {
  const result = await sharedResolver(toSchemaInput(values) as z.input<typeof patientInputSchema>, context, options as never);
  const errors = result.errors as FieldErrors<PatientFormValues>;
  if (errors.gender) errors.gender = { ...errors.gender, message: t('patients.form.chooseGender') };
  if (errors.ageYears?.type === 'invalid_type') errors.ageYears = { ...errors.ageYears, message: t('patients.form.wholeYears') };
  return result as Awaited<ReturnType<Resolver<PatientFormValues, unknown, PatientPayload>>>;
};

/** The normalised number when the text is a valid phone, else null (no look-up for half a number). */
export function normalisedPhone(text: string): string | null {
  const parsed = phoneSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** 'Age 34' for a valid past date of birth, else null. */
export function ageLabel(dateOfBirth: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const age = ageFrom(dateOfBirth);
  if (!Number.isFinite(age) || age < 0 || age > 150) return null;
  return age === 0 ? t('patients.form.ageUnderOne') : t('patients.form.ageYears', { age });
}
