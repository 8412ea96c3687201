import type { PatientRecord } from '@caredesk/shared';
import { useId, type FormEvent } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { useFieldError } from '@/i18n/field-error';
import { useT, type MessageId } from '@/i18n/use-t';
import { GENDERS, SOMEONE_ELSE, type PersonErrors, type PersonForm } from '../person';

const GENDER: Record<(typeof GENDERS)[number], MessageId> = { FEMALE: 'person.female', MALE: 'person.male', OTHER: 'person.other' };

interface PersonStepProps {
  records: PatientRecord[];
  value: PersonForm;
  onChange: (value: PersonForm) => void;
  errors: PersonErrors;
  onContinue: () => void;
  onBack: () => void;
}

/** Who the visit is for: a person already on this phone here, or someone else; and why (optional). */
export function PersonStep({ records, value, onChange, errors, onContinue, onBack }: PersonStepProps) {
  const t = useT();
  const word = useFieldError();
  const id = useId();
  const set = (patch: Partial<PersonForm>) => onChange({ ...value, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onContinue();
  };
  const someoneElse = value.choice === SOMEONE_ELSE;
  const describe = (record: PatientRecord) =>
    [t(GENDER[record.gender]), record.ageYears === null ? null : t('person.years', { count: record.ageYears })].filter(Boolean).join(', ');

  return (
    <form className="booking__form" noValidate onSubmit={submit}>
      {records.length > 0 && (
        <fieldset className="choice-list" aria-describedby={errors.choice ? `${id}-choice` : undefined}>
          <legend>{t('person.who')}</legend>
          {records.map((record) => (
            <label key={record.id} className="choice">
              <input type="radio" name={`${id}-person`} value={record.id} checked={value.choice === record.id} onChange={() => set({ choice: record.id })} />
              <span>
                <span className="choice__title">{record.name}</span> <span className="choice__detail">{describe(record)}</span>
              </span>
            </label>
          ))}
          <label className="choice">
            <input type="radio" name={`${id}-person`} value={SOMEONE_ELSE} checked={someoneElse} onChange={() => set({ choice: SOMEONE_ELSE })} />
            <span className="choice__title">{t('person.someoneElse')}</span>
          </label>
          {errors.choice && (
            <p className="field__error" id={`${id}-choice`} role="alert">
              {word(errors.choice)}
            </p>
          )}
        </fieldset>
      )}
      {records.length === 0 && <p className="page__lead">{t('person.newLead')}</p>}
      {someoneElse && (
        <div className="booking__someone">
          <TextField
            label={t('person.name')}
            autoComplete="name"
            maxLength={120}
            value={value.name}
            error={errors.name ? word(errors.name) : null}
            onChange={(event) => set({ name: event.target.value })}
          />
          <fieldset className="choice-row">
            <legend>{t('person.ageOrBirth')}</legend>
            <label className="choice">
              <input type="radio" name={`${id}-age-or-birth`} checked={value.ageOrBirth === 'age'} onChange={() => set({ ageOrBirth: 'age' })} />
              {t('person.byAge')}
            </label>
            <label className="choice">
              <input type="radio" name={`${id}-age-or-birth`} checked={value.ageOrBirth === 'birth'} onChange={() => set({ ageOrBirth: 'birth' })} />
              {t('person.byBirth')}
            </label>
          </fieldset>
          {value.ageOrBirth === 'age' ? (
            <TextField
              label={t('person.age')}
              type="text"
              inputMode="numeric"
              maxLength={3}
              value={value.age}
              error={errors.ageYears ? word(errors.ageYears) : null}
              onChange={(event) => set({ age: event.target.value })}
            />
          ) : (
            <TextField
              label={t('person.dateOfBirth')}
              type="date"
              value={value.dateOfBirth}
              error={errors.dateOfBirth ? word(errors.dateOfBirth) : null}
              onChange={(event) => set({ dateOfBirth: event.target.value })}
            />
          )}
          <fieldset className="choice-row" aria-describedby={errors.gender ? `${id}-gender` : undefined}>
            <legend>{t('person.gender')}</legend>
            {GENDERS.map((gender) => (
              <label key={gender} className="choice">
                <input type="radio" name={`${id}-gender`} checked={value.gender === gender} onChange={() => set({ gender })} />
                {t(GENDER[gender])}
              </label>
            ))}
            {errors.gender && (
              <p className="field__error" id={`${id}-gender`} role="alert">
                {word(errors.gender)}
              </p>
            )}
          </fieldset>
        </div>
      )}
      <TextField
        label={t('person.reason')}
        hint={t('person.reasonHint')}
        maxLength={500}
        value={value.reason}
        error={errors.reason ? word(errors.reason) : null}
        onChange={(event) => set({ reason: event.target.value })}
      />
      {errors.choice && records.length === 0 && <Alert>{word(errors.choice)}</Alert>}
      <div className="actions">
        <Button type="submit">{t('book.continue')}</Button>
        <Button variant="quiet" onClick={onBack}>
          {t('book.back')}
        </Button>
      </div>
    </form>
  );
}
