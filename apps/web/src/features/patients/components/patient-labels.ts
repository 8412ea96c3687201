import { ageFrom, type Patient } from '@caredesk/shared';
import { t } from '../i18n';

/** Whole years from the date of birth, or null when none is recorded. */
export function patientAge(patient: Pick<Patient, 'dateOfBirth'>): number | null {
  return patient.dateOfBirth ? ageFrom(patient.dateOfBirth) : null;
}

/** '34 years', 'Under 1 year', or '-' without a date of birth; 'about 34 years' when estimated from an age. */
export function ageText(patient: Pick<Patient, 'dateOfBirth'> & { dobEstimated?: boolean }): string {
  const age = patientAge(patient);
  if (age === null) return '-';
  if (patient.dobEstimated) return age === 0 ? t('patients.age.aboutUnderOne') : t('patients.age.aboutYears', { age });
  return age === 0 ? t('patients.age.underOne') : t('patients.age.years', { age });
}

export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
