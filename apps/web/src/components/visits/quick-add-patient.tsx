import { genders, patientInputSchema, type Patient, type PatientSummary } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from '@/components/toast';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/http';
import { useCreatePatient } from './api/create-patient';
import { findPhoneMatches } from './api/find-phone-matches';
import { PhoneInUse } from './phone-in-use';
import { isoDay } from './visit-format';
import { useT } from './i18n';
import { genderLabel } from '@/i18n/shared-labels';
import { sharedText } from '@/i18n/shared-text';

type Field = 'name' | 'phone' | 'gender' | 'dateOfBirth' | 'ageYears';
const empty: Record<Field, string> = { name: '', phone: '', gender: '', dateOfBirth: '', ageYears: '' };

interface QuickAddPatientProps {
  onCreated: (patient: Patient) => void;
  /** 'Use this patient' on a patient who already has the phone number. */
  onUseExisting?: (patient: PatientSummary) => void;
  onCancel: () => void;
}

/**
 * A booking dialog's mini patient form: name, phone, gender, date of birth or age (optional), and
 * consent to messages.
 * A number another patient already uses is shown before anyone is added: use that patient, or
 * 'Add anyway' (families share phones).
 */
export function QuickAddPatient({ onCreated, onUseExisting, onCancel }: QuickAddPatientProps) {
  const t = useT();
  const [values, setValues] = useState(empty);
  // Asked here too: a patient added while booking is the one the confirmation goes to.
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sameNumber, setSameNumber] = useState<PatientSummary[] | null>(null);
  const [checking, setChecking] = useState(false);
  const create = useCreatePatient();

  const add = (confirmed: boolean) => {
    const parsed = patientInputSchema.safeParse({
      name: values.name,
      phone: values.phone,
      gender: values.gender || undefined,
      dateOfBirth: values.dateOfBirth || null,
      ageYears: values.ageYears.trim() === '' ? null : Number(values.ageYears),
      messageConsent: consent,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??=
          key === 'gender' ? t('visits.quickAdd.chooseGender') : key === 'ageYears' && issue.code === 'invalid_type' ? t('visits.quickAdd.wholeYears') : sharedText(issue.message);
      }
      setErrors(found);
      return;
    }
    const save = () =>
      create.mutate(parsed.data, {
        onSuccess: (patient) => {
          enqueueSnackbar(t('visits.quickAdd.added', { name: patient.name }), { variant: 'success' });
          onCreated(patient);
        },
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      });
    if (confirmed) {
      save();
      return;
    }
    setChecking(true);
    findPhoneMatches(parsed.data.phone).then(
      (matches) => {
        setChecking(false);
        if (matches.length > 0) setSameNumber(matches);
        else save();
      },
      // The check only warns: when it cannot answer, adding goes ahead as it did before it.
      () => {
        setChecking(false);
        save();
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    add(false);
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((previous) => ({ ...previous, [name]: event.target.value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
      if (name === 'phone') setSameNumber(null);
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    size: 'small' as const,
    fullWidth: true,
  });
  const busy = create.isPending || checking;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('visits.quickAdd.label')}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <TextField label={t('visits.quickAdd.name')} required autoFocus {...field('name')} />
      <TextField label={t('visits.quickAdd.phone')} required type="tel" {...field('phone')} />
      <TextField label={t('visits.quickAdd.gender')} required select {...field('gender')}>
        {genders.map((gender) => (
          <MenuItem key={gender} value={gender}>
            {genderLabel(gender)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '3fr 2fr' }}>
        <TextField
          label={t('visits.quickAdd.dateOfBirth')}
          type="date"
          {...field('dateOfBirth')}
          disabled={values.ageYears.trim() !== ''}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: isoDay() } }}
        />
        <TextField
          label={t('visits.quickAdd.age')}
          type="number"
          {...field('ageYears')}
          disabled={values.dateOfBirth !== ''}
          slotProps={{ htmlInput: { min: 0, max: 120, step: 1, inputMode: 'numeric' } }}
        />
      </Box>
      <FormControlLabel
        sx={{ gridColumn: '1 / -1' }}
        control={<Checkbox size="small" checked={consent} onChange={(_, checked) => setConsent(checked)} />}
        label={t('visits.quickAdd.consent')}
      />
      {sameNumber ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <PhoneInUse patients={sameNumber} onUse={onUseExisting} onAddAnyway={() => add(true)} pending={create.isPending} />
        </Box>
      ) : null}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} color="inherit" disabled={busy}>
          {t('visits.quickAdd.back')}
        </Button>
        {sameNumber ? null : (
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {t('visits.quickAdd.submit')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
