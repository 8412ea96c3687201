import { zodResolver } from '@/lib/zod-resolver';
import { onlineBookingUpdateSchema, type OnlineBookingSettings } from '@caredesk/shared';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/http';
import { useUpdateOnlineBookingSettings } from '../api/update-online-booking-settings';
import { useT } from '../i18n';

const rulesSchema = onlineBookingUpdateSchema
  .pick({ enabled: true, horizonDays: true, cutoffMinutes: true, requireConfirmation: true, waitlistHoldMinutes: true, waitlistLeadMinutes: true })
  .required();
type Rules = z.infer<typeof rulesSchema>;
const HORIZON_DAYS = 'horizonDays';
const CUTOFF_MINUTES = 'cutoffMinutes';
const WAITLIST_HOLD = 'waitlistHoldMinutes';
const WAITLIST_LEAD = 'waitlistLeadMinutes';

/**
 * On or off, how far ahead patients may book, when online booking closes before a slot, and
 * whether the desk confirms each online booking before the patient is sent its confirmation;
 * and how a freed place is offered to the waitlist (held how long, and not too close to its start).
 */
export function OnlineBookingRulesForm({ settings }: { settings: OnlineBookingSettings }) {
  const save = useUpdateOnlineBookingSettings();
  const t = useT();
  const form = useForm<Rules>({
    resolver: zodResolver(rulesSchema),
    values: {
      enabled: settings.enabled,
      horizonDays: settings.horizonDays,
      cutoffMinutes: settings.cutoffMinutes,
      requireConfirmation: settings.requireConfirmation,
      waitlistHoldMinutes: settings.waitlistHoldMinutes,
      waitlistLeadMinutes: settings.waitlistLeadMinutes,
    },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      enqueueSnackbar(t('settings.booking.saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="online-booking-rules-title" sx={{ p: 2 }}>
      <Typography id="online-booking-rules-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('settings.booking.title')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <FormControlLabel control={<Switch checked={field.value} onChange={(_event, checked) => field.onChange(checked)} />} label={t('settings.booking.enabled')} />
          )}
        />
        <Controller
          control={form.control}
          name="requireConfirmation"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(_event, checked) => field.onChange(checked)}
                  slotProps={{ input: { 'aria-describedby': 'online-booking-confirmation-help' } }}
                />
              }
              label={t('settings.booking.requireConfirmation')}
            />
          )}
        />
        <Typography id="online-booking-confirmation-help" variant="body2" color="text.secondary" sx={{ mt: '0 !important' }}>
          {t('settings.booking.confirmationHelp')}
        </Typography>
        <TextField
          label={t('settings.booking.horizon')}
          type="number"
          {...form.register(HORIZON_DAYS, { valueAsNumber: true })}
          error={Boolean(errors.horizonDays)}
          helperText={errors.horizonDays?.message ?? t('settings.booking.horizonHelp')}
          slotProps={{ htmlInput: { min: 1, max: 180 } }}
          size="small"
          sx={{ maxWidth: 360 }}
        />
        <TextField
          label={t('settings.booking.cutoff')}
          type="number"
          {...form.register(CUTOFF_MINUTES, { valueAsNumber: true })}
          error={Boolean(errors.cutoffMinutes)}
          helperText={errors.cutoffMinutes?.message ?? t('settings.booking.cutoffHelp')}
          slotProps={{ htmlInput: { min: 0, max: 1440 } }}
          size="small"
          sx={{ maxWidth: 360 }}
        />
        <Typography variant="subtitle1" component="h3">
          {t('settings.booking.waitlistTitle')}
        </Typography>
        <TextField
          label={t('settings.booking.waitlistHold')}
          type="number"
          {...form.register(WAITLIST_HOLD, { valueAsNumber: true })}
          error={Boolean(errors.waitlistHoldMinutes)}
          helperText={errors.waitlistHoldMinutes?.message ?? t('settings.booking.waitlistHoldHelp')}
          slotProps={{ htmlInput: { min: 5, max: 240 } }}
          size="small"
          sx={{ maxWidth: 360 }}
        />
        <TextField
          label={t('settings.booking.waitlistLead')}
          type="number"
          {...form.register(WAITLIST_LEAD, { valueAsNumber: true })}
          error={Boolean(errors.waitlistLeadMinutes)}
          helperText={errors.waitlistLeadMinutes?.message ?? t('settings.booking.waitlistLeadHelp')}
          slotProps={{ htmlInput: { min: 0, max: 240 } }}
          size="small"
          sx={{ maxWidth: 360 }}
        />
        <Button type="submit" variant="contained" disabled={!isDirty || save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('settings.save')}
        </Button>
      </Stack>
    </Card>
  );
}
