import { MAX_EXTRA_PER_DAY } from '@caredesk/shared';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import { Controller, useFormContext } from 'react-hook-form';
import { FacilitySelect } from '@/components/facility-select';
import { FormTextField } from '@/components/records/form-text-field';
import { RoomField } from '@/components/records/room-field';
import { useSessionUser } from '@/lib/session';
import { useT } from '../i18n';
import type { DoctorFormInput } from './doctor-form-schema';

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS grid tracks
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Fee, slots and extras a day, token prefix, room, contact, facility and the active switch. */
export function DoctorPracticeFields() {
  const t = useT();
  const { control } = useFormContext<DoctorFormInput>();
  const admin = useSessionUser()?.role === 'ADMIN';
  return (
    <>
      <Box sx={twoColumns}>
        <FormTextField
          name="consultationFee"
          label={t('doctors.field.fee')}
          required
          type="number"
          slotProps={{
            htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
          }}
        />
        <FormTextField
          name="slotMinutes"
          label={t('doctors.field.slotMinutes')}
          required
          type="number"
          slotProps={{ htmlInput: { min: 5, max: 240, step: 5, inputMode: 'numeric' } }}
        />
        <FormTextField
          name="patientsPerSlot"
          label={t('doctors.field.patientsPerSlot')}
          required
          type="number"
          slotProps={{ htmlInput: { min: 1, max: 50, inputMode: 'numeric' } }}
        />
        {/* Only an admin lets the desk book beyond the slots (the server refuses others a change). */}
        <FormTextField
          name="extraPerDay"
          label={t('doctors.field.extraPerDay')}
          required
          type="number"
          disabled={!admin}
          helperText={admin ? t('doctors.field.extraPerDayHelp') : t('doctors.field.extraPerDayAdminOnly')}
          slotProps={{ htmlInput: { min: 0, max: MAX_EXTRA_PER_DAY, inputMode: 'numeric' } }}
        />
        <FormTextField
          name="tokenPrefix"
          label={t('doctors.field.tokenPrefix')}
          autoComplete="off"
          placeholder="A"
          helperText={t('doctors.field.tokenPrefixHelp')}
          slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' } } }}
        />
        <RoomField example={t('doctors.field.roomExample')} />
        <FormTextField name="phone" label={t('doctors.field.phone')} type="tel" autoComplete="off" placeholder="+91 98765 43210" />
        <FormTextField name="email" label={t('doctors.field.email')} type="email" autoComplete="off" />
        <Controller
          name="facilityId"
          control={control}
          render={({ field, fieldState }) => (
            <FacilitySelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} />
          )}
        />
      </Box>
      <Controller
        name="active"
        control={control}
        render={({ field }) => (
          <FormControlLabel label={t('doctors.field.active')} control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />} />
        )}
      />
    </>
  );
}
