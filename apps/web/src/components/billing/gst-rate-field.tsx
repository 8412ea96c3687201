import { GST_RATES_BP } from '@caredesk/shared';
import MenuItem from '@mui/material/MenuItem';
import { FormTextField } from '@/components/records/form-text-field';
import { t, useT } from './i18n';

/** 1800 → '18 %'; 0 says 'Exempt', as most healthcare services are charged. Built when rendered, in that moment's language. */
export function gstRateOptions() {
  return GST_RATES_BP.map((rate) => ({ value: rate, label: rate === 0 ? t('billing.gst.exempt') : t('billing.gst.rate', { rate: rate / 100 }) }));
}

/** A GST rate from the five the server takes, bound to a field (in basis points) of the surrounding form. */
export function GstRateField({ name, label, helperText }: { name: string; label: string; helperText?: string }) {
  // Renders again when the language changes.
  useT();
  return (
    <FormTextField name={name} label={label} select required helperText={helperText}>
      {gstRateOptions().map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
