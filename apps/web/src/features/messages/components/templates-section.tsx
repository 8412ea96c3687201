import { configurableMessageEvents, messageLanguages, type ConfigurableMessageEvent } from '@caredesk/shared';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { messageEventLabel } from '@/components/messages/message-format';
import { FormSection } from '@/components/records/form-section';
import { useT } from '../i18n';
import type { MessageSettingsFormValues } from './message-settings-form-values';
import { TemplateEditor } from './template-editor';

/** (f) The texts: one event at a time, English and Hindi side by side. */
export function TemplatesSection() {
  const t = useT();
  const [event, setEvent] = useState<ConfigurableMessageEvent>('booked');
  const { errors } = useFormState<MessageSettingsFormValues>({ name: 'templates' });
  const failing = configurableMessageEvents.filter((candidate) => errors.templates?.[candidate]);

  // A refused text (the form's check or the server's) may belong to another event: show it.
  const firstFailing = failing[0];
  const showingFailure = failing.includes(event);
  useEffect(() => {
    if (firstFailing && !showingFailure) setEvent(firstFailing);
  }, [firstFailing, showingFailure]);

  return (
    <FormSection title={t('messages.texts.title')} description={t('messages.texts.description', { example: '{{braces}}' })}>
      <TextField
        select
        label={t('messages.texts.message')}
        value={event}
        onChange={(change) => setEvent(change.target.value as ConfigurableMessageEvent)}
        sx={{ maxWidth: { sm: 360 } }}
        helperText={failing.length > 0 ? t('messages.texts.check', { events: failing.map((name) => messageEventLabel(name)).join(', ') }) : ' '}
        error={failing.length > 0}
      >
        {configurableMessageEvents.map((option) => (
          <MenuItem key={option} value={option}>
            {messageEventLabel(option)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {messageLanguages.map((language) => (
          <TemplateEditor key={`${event}-${language}`} event={event} language={language} />
        ))}
      </Box>
    </FormSection>
  );
}
