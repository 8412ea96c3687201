import { MAX_EXTRA_PER_DAY } from '@caredesk/shared';
import Box from '@mui/material/Box';
import { FormTextField } from '@/components/records/form-text-field';
import { RoomField } from '@/components/records/room-field';
import { useSessionUser } from '@/lib/session';
import { useT } from '../i18n';

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS grid tracks
const threeColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } } as const;

/** Duration, report turnaround, capacity per slot and extras a day, token prefix, room and the preparation instructions. */
export function ScanDetailsFields() {
  const t = useT();
  const admin = useSessionUser()?.role === 'ADMIN';
  return (
    <>
      <Box sx={threeColumns}>
        <FormTextField name="durationMinutes" label={t('services.field.duration')} type="number" slotProps={{ htmlInput: { min: 5, max: 720, step: 5, inputMode: 'numeric' } }} />
        <FormTextField name="reportTurnaroundHours" label={t('services.field.turnaround')} type="number" slotProps={{ htmlInput: { min: 0, max: 720, inputMode: 'numeric' } }} />
        <FormTextField name="capacityPerSlot" label={t('services.field.capacity')} required type="number" slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }} />
      </Box>
      {/* Only an admin lets the desk book beyond the slots (the server refuses others a change). */}
      <FormTextField
        name="extraPerDay"
        label={t('services.field.extraPerDay')}
        required
        type="number"
        disabled={!admin}
        helperText={admin ? t('services.field.extraPerDayHelp') : t('services.field.extraPerDayAdminOnly')}
        slotProps={{ htmlInput: { min: 0, max: MAX_EXTRA_PER_DAY, inputMode: 'numeric' } }}
      />
      <Box sx={threeColumns}>
        <FormTextField
          name="tokenPrefix"
          label={t('services.field.tokenPrefix')}
          autoComplete="off"
          placeholder="M"
          helperText={t('services.field.tokenPrefixHelp')}
          slotProps={{ htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' } } }}
        />
        <RoomField example={t('services.field.roomExample')} sx={{ gridColumn: { sm: 'span 2' } }} />
      </Box>
      <FormTextField name="preparation" label={t('services.field.preparation')} multiline minRows={3} placeholder={t('services.field.preparationExample')} />
    </>
  );
}
