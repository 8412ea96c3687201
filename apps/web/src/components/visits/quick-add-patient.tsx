import { genders, patientInputSchema, type Patient } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { enqueueSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/http';
import { useCreatePatient } from './api/create-patient';
import { isoDay } from './visit-format';

const genderLabels = { MALE: 'Male', FEMALE: 'Female', OTHER: 'Other' } as const;
type Field = 'name' | 'phone' | 'gender' | 'dateOfBirth';
const empty: Record<Field, string> = { name: '', phone: '', gender: '', dateOfBirth: '' };

/** A booking dialog's mini patient form: name, phone, gender, date of birth (optional). */
export function QuickAddPatient({ onCreated, onCancel }: { onCreated: (patient: Patient) => void; onCancel: () => void }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreatePatient();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = patientInputSchema.safeParse({
      name: values.name,
      phone: values.phone,
      gender: values.gender || undefined,
      dateOfBirth: values.dateOfBirth || null,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??= key === 'gender' ? 'Choose a gender' : issue.message;
      }
      setErrors(found);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (patient) => {
        enqueueSnackbar(`${patient.name} added`, { variant: 'success' });
        onCreated(patient);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((previous) => ({ ...previous, [name]: event.target.value }));
      setErrors((previous) => ({ ...previous, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    size: 'small' as const,
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Quick add patient" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField label="Name" required autoFocus {...field('name')} />
      <TextField label="Phone" required type="tel" {...field('phone')} />
      <TextField label="Gender" required select {...field('gender')}>
        {genders.map((gender) => (
          <MenuItem key={gender} value={gender}>
            {genderLabels[gender]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Date of birth"
        type="date"
        {...field('dateOfBirth')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: isoDay() } }}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} color="inherit" disabled={create.isPending}>
          Back to search
        </Button>
        <Button type="submit" variant="contained" disabled={create.isPending} startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Add patient
        </Button>
      </Box>
    </Box>
  );
}
