import { messageLanguageLabels, messageLanguages } from '@caredesk/shared';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FormSection } from '@/components/records/form-section';
import type { MessageSettingsFormValues } from './message-settings-form-values';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const NEXT_AHEAD_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** (c) Quiet hours. */
export function QuietHoursSection() {
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
    <FormSection title="Quiet hours" description="A message due in these hours waits until they end. Queue calls ('You are next', 'Now being served') still go.">
      <Controller
        control={control}
        name="quietHours.enabled"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(_, checked) => field.onChange(checked)} onBlur={field.onBlur} />}
            label="No messages at night except queue calls"
          />
        )}
      />
      <Box sx={twoColumns}>
        {timeField('quietHours.start', 'Quiet from')}
        {timeField('quietHours.end', 'Until')}
      </Box>
    </FormSection>
  );
}

/** (d) When 'You are next' goes, and (e) the language of patients who have not chosen one. */
export function SendingSection() {
  const { control } = useFormContext<MessageSettingsFormValues>();
  return (
    <FormSection title="Queue and language">
      <Box sx={twoColumns}>
        <Controller
          control={control}
          name="nextAheadCount"
          render={({ field, fieldState }) => (
            <TextField
              select
              {...field}
              onChange={(event) => field.onChange(Number(event.target.value))}
              label="Send 'You are next' this many tokens ahead"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'How many patients are still before them when it is sent'}
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
            <TextField select {...field} label="Default language" helperText="For patients who have not chosen a language">
              {messageLanguages.map((language) => (
                <MenuItem key={language} value={language} lang={language}>
                  {messageLanguageLabels[language]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
    </FormSection>
  );
}
