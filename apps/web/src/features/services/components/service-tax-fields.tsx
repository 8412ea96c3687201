import Box from '@mui/material/Box';
import { GstRateField } from '@/components/billing/gst-rate-field';
import { FormTextField } from '@/components/records/form-text-field';
import { useT } from '../i18n';

// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS grid tracks
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** What the service's bill line is taxed as: its SAC/HSN code and GST rate (most healthcare is exempt). */
export function ServiceTaxFields() {
  const t = useT();
  return (
    <Box sx={twoColumns}>
      <FormTextField name="sacCode" label={t('services.field.sac')} helperText={t('services.field.sacHelp')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }} />
      <GstRateField name="gstRateBp" label={t('services.field.gst')} helperText={t('services.field.gstHelp')} />
    </Box>
  );
}
