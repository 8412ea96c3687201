import type { Doctor } from '@caredesk/shared';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useActiveDoctors } from '@/components/doctors/active-doctors';
import { useOrganisationToday } from '@/lib/organisation-today';
import { useT } from '../i18n';

export interface LeaveChoice {
  kind: 'cancel' | 'doctor' | 'day';
  /** Another doctor, same date and time (kind 'doctor'). */
  doctorId: string;
  /** The same doctor on another day, same time (kind 'day'). */
  date: string;
  reason: string;
}

interface LeaveChoiceFieldsProps {
  doctor: Doctor;
  value: LeaveChoice;
  onChange: (choice: LeaveChoice) => void;
  disabled?: boolean;
}

/** What becomes of a leave's visits: Cancel them all / Move to another doctor / Move to another day, and why. */
export function LeaveChoiceFields({ doctor, value, onChange, disabled }: LeaveChoiceFieldsProps) {
  const t = useT();
  const today = useOrganisationToday();
  const doctors = useActiveDoctors();
  const labelId = useId();
  const others = (doctors.data ?? []).filter((other) => other.id !== doctor.id);
  const set = (patch: Partial<LeaveChoice>) => onChange({ ...value, ...patch });
  return (
    <Stack spacing={2}>
      <FormControl disabled={disabled}>
        <FormLabel id={labelId}>{t('doctors.leaveDialog.choice')}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={value.kind} onChange={(event) => set({ kind: event.target.value as LeaveChoice['kind'] })}>
          <FormControlLabel value="cancel" control={<Radio />} label={t('doctors.leaveDialog.cancelThem')} />
          <FormControlLabel value="doctor" control={<Radio />} label={t('doctors.leaveDialog.toDoctor')} />
          <FormControlLabel value="day" control={<Radio />} label={t('doctors.leaveDialog.toDay')} />
        </RadioGroup>
      </FormControl>
      {value.kind === 'doctor' ? (
        <TextField
          select
          size="small"
          label={t('doctors.leaveDialog.doctor')}
          value={value.doctorId}
          onChange={(event) => set({ doctorId: event.target.value })}
          disabled={disabled}
          helperText={t('doctors.leaveDialog.sameTime')}
        >
          {others.map((other) => (
            <MenuItem key={other.id} value={other.id}>
              {other.name} ({other.specialization})
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {value.kind === 'day' ? (
        <TextField
          type="date"
          size="small"
          label={t('doctors.leaveDialog.day')}
          value={value.date}
          onChange={(event) => set({ date: event.target.value })}
          disabled={disabled}
          helperText={t('doctors.leaveDialog.sameTime')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
          sx={{ maxWidth: 260 }}
        />
      ) : null}
      <TextField
        size="small"
        label={t('doctors.leaveDialog.reason')}
        value={value.reason}
        onChange={(event) => set({ reason: event.target.value })}
        disabled={disabled}
        helperText={t('doctors.leaveDialog.reasonHelp')}
      />
    </Stack>
  );
}
