import { messageLanguages } from '@caredesk/shared';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { messageLanguageLabel } from '@/i18n/shared-labels';
import { FormSection } from '@/components/records/form-section';
import { useT } from '../i18n';
import type { MessageSettingsFormValues } from './message-settings-form-values';

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS grid tracks
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const NEXT_AHEAD_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** (c) Quiet hours. */
export function QuietHoursSection() {
  const t = useT();
  const { control } = useFormContext<MessageSettingsFormValues>();
  const enabled = useWatch({ control, name: 'quietHours.enabled' });
  const timeField = (name: 'quietHours.start' | 'quietHours.end', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          type="time"
          disabled={!enabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
  return (
    <FormSection title={t('messages.quiet.title')} description={t('messages.quiet.description')}>
      <Controller
        control={control}
        name="quietHours.enabled"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} onBlur={field.onBlur} />}
            label={t('messages.quiet.switch')}
          />
        )}
      />
      <Box sx={twoColumns}>
        {timeField('quietHours.start', t('messages.quiet.from'))}
        {timeField('quietHours.end', t('messages.quiet.until'))}
      </Box>
    </FormSection>
  );
}

/** (d) When 'You are next' goes, and (e) the language of patients who have not chosen one. */
export function SendingSection() {
  const t = useT();
  const { control } = useFormContext<MessageSettingsFormValues>();
  return (
    <FormSection title={t('messages.sending.title')}>
      <Box sx={twoColumns}>
        <Controller
          control={control}
          name="nextAheadCount"
          render={({ field, fieldState }) => (
            <TextField
              select
              {...field}
              onChange={(event) => field.onChange(Number(event.target.value))}
              label={t('messages.sending.ahead')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('messages.sending.aheadHelp')}
            >
              {NEXT_AHEAD_CHOICES.map((count) => (
                <MenuItem key={count} value={count}>
                  {count}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="defaultLanguage"
          render={({ field }) => (
            <TextField select {...field} label={t('messages.sending.language')} helperText={t('messages.sending.languageHelp')}>
              {messageLanguages.map((language) => (
                <MenuItem key={language} value={language} lang={language}>
                  {messageLanguageLabel(language)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
    </FormSection>
  );
}
