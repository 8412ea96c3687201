import { configurableMessageEvents } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { messageEventLabel } from '@/components/messages/message-format';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';
import { useT } from '../i18n';

/** (g) The organisation's own ids at the providers: its WhatsApp number, its DLT-registered SMS texts. */
export function ProviderIdsSection() {
  const t = useT();
  return (
    <FormSection title={t('messages.ids.title')} description={t('messages.ids.description')}>
      <FormTextField
        name="whatsappPhoneNumberId"
        label={t('messages.ids.whatsapp')}
        helperText={t('messages.ids.whatsappHelp')}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ maxWidth: { sm: 360 } }}
      />
      <div>
        <Typography variant="subtitle2" component="h3">
          {t('messages.ids.dltTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('messages.ids.dltDescription')}
        </Typography>
      </div>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {configurableMessageEvents.map((event) => (
          <FormTextField
            key={event}
            name={`smsTemplateIds.${event}`}
            label={t('messages.ids.dltId', { event: messageEventLabel(event) })}
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
        ))}
      </Box>
    </FormSection>
  );
}
