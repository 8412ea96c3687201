import type { PatientRecord, VisitPatient } from '@caredesk/shared';
import type { MessageId } from '@/i18n/use-t';

export const SOMEONE_ELSE = 'someone-else';
export const GENDERS = ['FEMALE', 'MALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];

/** Who the visit is for, as the form holds it: one of the phone's records, or someone new. */
export interface PersonForm {
  /** A record's id, or SOMEONE_ELSE. */
  choice: string;
  name: string;
  /** The age is what most patients know; a date of birth when they prefer. */
  ageOrBirth: 'age' | 'birth';
  age: string;
  dateOfBirth: string;
  gender: Gender | '';
  reason: string;
}

export const EMPTY_PERSON: PersonForm = { choice: '', name: '', ageOrBirth: 'age', age: '', dateOfBirth: '', gender: '', reason: '' };

/** The form's fields a message can point at (the server's issues, 'patient.' dropped, too). */
export type PersonField = 'choice' | 'name' | 'ageYears' | 'dateOfBirth' | 'gender' | 'reason';
export type PersonErrors = Partial<Record<PersonField, string>>;

/** What the form lacks, before anything is sent (the server checks again). */
export function personProblems(form: PersonForm): Partial<Record<PersonField, MessageId>> {
  if (form.choice === '') return { choice: 'person.choose' };
  if (form.choice !== SOMEONE_ELSE) return {};
  const problems: Partial<Record<PersonField, MessageId>> = {};
  if (form.name.trim().length < 2) problems.name = 'person.nameMissing';
  if (form.ageOrBirth === 'age') {
    const age = Number(form.age);
    if (form.age.trim() === '' || !Number.isInteger(age) || age < 0 || age > 120) problems.ageYears = 'person.ageInvalid';
  } else if (!/^\d{4}-\d{2}-\d{2}$/.test(form.dateOfBirth)) problems.dateOfBirth = 'person.birthMissing';
  if (!form.gender) problems.gender = 'person.genderMissing';
  return problems;
}

/** The request's `patient` (visitPatientSchema): a record's id, or the new person's details. */
export function visitPatientOf(form: PersonForm): VisitPatient {
  if (form.choice !== SOMEONE_ELSE) return { patientId: form.choice };
  return {
    name: form.name.trim(),
    ...(form.gender ? { gender: form.gender } : {}),
    ...(form.ageOrBirth === 'age' ? { ageYears: Number(form.age) } : { dateOfBirth: form.dateOfBirth }),
  };
}

/** The person's name, for the summary. */
export function personName(form: PersonForm, records: PatientRecord[]): string {
  return form.choice === SOMEONE_ELSE ? form.name.trim() : (records.find((record) => record.id === form.choice)?.name ?? '');
}
