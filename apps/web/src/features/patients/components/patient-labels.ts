import { ageFrom, type Patient } from '@caredesk/shared';

/** Whole years from the date of birth, or null when none is recorded. */
export function patientAge(patient: Pick<Patient, 'dateOfBirth'>): number | null {
  return patient.dateOfBirth ? ageFrom(patient.dateOfBirth) : null;
}

/** '34 years', 'Under 1 year', or '-' without a date of birth; 'about 34 years' when estimated from an age. */
export function ageText(patient: Pick<Patient, 'dateOfBirth'> & { dobEstimated?: boolean }): string {
  const age = patientAge(patient);
  if (age === null) return '-';
  const text = age === 0 ? 'Under 1 year' : age === 1 ? '1 year' : `${age} years`;
  return patient.dobEstimated ? `about ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
