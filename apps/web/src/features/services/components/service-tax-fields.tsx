import Box from '@mui/material/Box';
import { GstRateField } from '@/components/billing/gst-rate-field';
import { FormTextField } from '@/components/records/form-text-field';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** What the service's bill line is taxed as: its SAC/HSN code and GST rate (most healthcare is exempt). */
export function ServiceTaxFields() {
  return (
    <Box sx={twoColumns}>
      <FormTextField
        name="sacCode"
        label="SAC/HSN code"
        helperText="4 to 8 digits, printed on the invoice; e.g. 999316 for diagnostic services."
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }}
      />
      <GstRateField name="gstRateBp" label="GST rate" helperText="Most healthcare services are exempt." />
    </Box>
  );
}
