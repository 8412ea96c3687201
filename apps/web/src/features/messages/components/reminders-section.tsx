import { REMINDER_OFFSET_MAX_MINUTES } from '@caredesk/shared';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { offsetText } from '@/components/messages/message-format';
import { FormSection } from '@/components/records/form-section';
import { useT } from '../i18n';
import type { MessageSettingsFormValues } from './message-settings-form-values';

/** The shared schema's limit: at most four reminders a visit. */
export const MAX_REMINDERS = 4;
const MIN_OFFSET_MINUTES = 5;
const units = { hours: 60, minutes: 1 } as const;
type Unit = keyof typeof units;

/** Why an offset cannot be added, or null. */
function offsetProblem(amount: string, unit: Unit, taken: readonly number[], t: ReturnType<typeof useT>): string | null {
  if (!/^\d+$/.test(amount.trim())) return t('messages.reminders.wholeNumber');
  const minutes = Number(amount) * units[unit];
  if (minutes < MIN_OFFSET_MINUTES) return t('messages.reminders.atLeast', { minutes: MIN_OFFSET_MINUTES });
  if (minutes > REMINDER_OFFSET_MAX_MINUTES) return t('messages.reminders.atMost', { hours: REMINDER_OFFSET_MAX_MINUTES / 60 });
  if (taken.includes(minutes)) return t('messages.reminders.taken');
  return null;
}

/** (b) When reminders go before a visit: up to four offsets, in hours or minutes. */
export function RemindersSection() {
  const t = useT();
  const { control } = useFormContext<MessageSettingsFormValues>();
  const { field, fieldState } = useController({ control, name: 'reminderOffsetsMinutes' });
  const offsets = field.value;
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<Unit>('hours');
  const [problem, setProblem] = useState<string | null>(null);
  const full = offsets.length >= MAX_REMINDERS;
  const error = fieldState.error?.message ?? (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message;

  const add = () => {
    const found = offsetProblem(amount, unit, offsets, t);
    setProblem(found);
    if (found) return;
    field.onChange([...offsets, Number(amount) * units[unit]].sort((a, b) => b - a));
    setAmount('');
  };

  return (
    <FormSection title={t('messages.reminders.title')} description={t('messages.reminders.description')}>
      {offsets.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('messages.reminders.none')}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t('messages.reminders.list')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {offsets.map((minutes) => {
            const remove = () => field.onChange(offsets.filter((offset) => offset !== minutes));
            return (
              <li key={minutes}>
                <Chip label={offsetText(minutes)} onClick={remove} onDelete={remove} aria-label={t('messages.reminders.remove', { offset: offsetText(minutes) })} />
              </li>
            );
          })}
        </Box>
      )}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('messages.reminders.amount')}
          type="number"
          size="small"
          value={amount}
          disabled={full}
          onChange={(event) => {
            setAmount(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the reminder instead of submitting the settings form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={Boolean(problem)}
          helperText={problem ?? (full ? t('messages.reminders.full', { count: MAX_REMINDERS }) : ' ')}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          sx={{ width: { xs: 1, sm: 220 } }}
        />
        <TextField
          select
          label={t('messages.reminders.unit')}
          size="small"
          value={unit}
          disabled={full}
          onChange={(event) => setUnit(event.target.value as Unit)}
          sx={{ width: 130 }}
        >
          <MenuItem value="hours">{t('messages.reminders.hours')}</MenuItem>
          <MenuItem value="minutes">{t('messages.reminders.minutes')}</MenuItem>
        </TextField>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={full} sx={{ mt: 0.25 }}>
          {t('messages.reminders.add')}
        </Button>
      </Box>
    </FormSection>
  );
}
