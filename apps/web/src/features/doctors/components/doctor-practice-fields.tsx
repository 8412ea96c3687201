import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import { Controller, useFormContext } from 'react-hook-form';
import { FacilitySelect } from '@/components/facility-select';
import { FormTextField } from '@/components/records/form-text-field';
import { RoomField } from '@/components/records/room-field';
import type { DoctorFormInput } from './doctor-form-schema';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Fee, slots, token prefix, room, contact, facility and the active switch. */
export function DoctorPracticeFields() {
  const { control } = useFormContext<DoctorFormInput>();
  return (
    <>
      <Box sx={twoColumns}>
        <FormTextField
          name="consultationFee"
          label="Consultation fee"
          required
          type="number"
          slotProps={{
            htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
          }}
        />
        <FormTextField name="slotMinutes" label="Slot length (minutes)" required type="number" slotProps={{ htmlInput: { min: 5, max: 240, step: 5, inputMode: 'numeric' } }} />
        <FormTextField name="patientsPerSlot" label="Patients per slot" required type="number" slotProps={{ htmlInput: { min: 1, max: 50, inputMode: 'numeric' } }} />
        <FormTextField
          name="tokenPrefix"
          label="Token prefix"
          autoComplete="off"
          placeholder="A"
          helperText="Optional: tokens show as A-007"
          slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' } } }}
        />
        <RoomField example="Room 12, 2nd floor" />
        <FormTextField name="phone" label="Phone" type="tel" autoComplete="off" placeholder="+91 98765 43210" />
        <FormTextField name="email" label="E-mail" type="email" autoComplete="off" />
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
          <FormControlLabel label="Active (takes appointments)" control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />} />
        )}
      />
    </>
  );
}
