import Box from '@mui/material/Box';
import { FormTextField } from '@/components/records/form-text-field';
import { RoomField } from '@/components/records/room-field';

const threeColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } } as const;

/** Duration, report turnaround, capacity per slot, token prefix, room and the preparation instructions. */
export function ScanDetailsFields() {
  return (
    <>
      <Box sx={threeColumns}>
        <FormTextField name="durationMinutes" label="Duration (minutes)" type="number" slotProps={{ htmlInput: { min: 5, max: 720, step: 5, inputMode: 'numeric' } }} />
        <FormTextField name="reportTurnaroundHours" label="Report turnaround (hours)" type="number" slotProps={{ htmlInput: { min: 0, max: 720, inputMode: 'numeric' } }} />
        <FormTextField name="capacityPerSlot" label="Capacity per slot" required type="number" slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }} />
      </Box>
      <Box sx={threeColumns}>
        <FormTextField
          name="tokenPrefix"
          label="Token prefix"
          autoComplete="off"
          placeholder="M"
          helperText="Optional: tokens show as M-007"
          slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' } } }}
        />
        <RoomField example="MRI suite, ground floor" sx={{ gridColumn: { sm: 'span 2' } }} />
      </Box>
      <FormTextField name="preparation" label="Preparation instructions" multiline minRows={3} placeholder="e.g. Fast for 8 hours; bring previous reports." />
    </>
  );
}
