import { configurableMessageEvents, messageEventLabels } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';

/** (g) The organisation's own ids at the providers: its WhatsApp number, its DLT-registered SMS texts. */
export function ProviderIdsSection() {
  return (
    <FormSection title="Provider ids" description="From your WhatsApp Business account and your SMS sender's DLT registration.">
      <FormTextField
        name="whatsappPhoneNumberId"
        label="WhatsApp phone number id"
        helperText="WhatsApp Manager → API setup; digits only. Empty: the number this server is set up with."
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        sx={{ maxWidth: { sm: 360 } }}
      />
      <div>
        <Typography variant="subtitle2" component="h3">
          SMS DLT template ids
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Each SMS text is registered on the DLT portal; through MSG91 an SMS without its id is not sent.
        </Typography>
      </div>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {configurableMessageEvents.map((event) => (
          <FormTextField key={event} name={`smsTemplateIds.${event}`} label={`DLT template id: ${messageEventLabels[event]}`} slotProps={{ htmlInput: { autoComplete: 'off' } }} />
        ))}
      </Box>
    </FormSection>
  );
}
