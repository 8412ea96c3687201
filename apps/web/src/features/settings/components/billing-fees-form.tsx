import type { BillingSettings } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { GstRateField } from '@/components/billing/gst-rate-field';
import { showFormError } from '@/components/records/form-errors';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';
import { useUnsavedChangesGuard } from '@/components/records/use-unsaved-changes-guard';
import { enqueueSnackbar } from '@/components/toast';
import { paths } from '@/config/paths';
import { useUpdateBillingSettings } from '../api/update-billing-settings';
import { useT } from '../i18n';
import {
  billingFeesFieldMap,
  billingFeesFormDefaults,
  billingFeesFormSchema,
  billingSettingsOf,
  type BillingFeesFormInput,
  type BillingFeesFormOutput,
} from './billing-form-schema';

/** Stands in for the Doctors link inside the sentence that holds it (a private-use character). */
const DOCTORS_LINK = '\uE000';
const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2,1fr)' } } as const;
const rupeeInput = { htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } } as const;

/** The organisation's fees, follow-up windows, taxes and the workers' discount limit, saved together. */
export function BillingFeesForm({ settings }: { settings: BillingSettings }) {
  const t = useT();
  const daysInput = { htmlInput: { min: 0, max: 365, step: 1 }, input: { endAdornment: <InputAdornment position="end">{t('settings.billing.days')}</InputAdornment> } } as const;
  // The link sits where each language puts it in the one sentence.
  const [beforeDoctors = '', afterDoctors = ''] = t('settings.billing.consultationNote', { doctors: DOCTORS_LINK }).split(DOCTORS_LINK);
  const form = useForm<BillingFeesFormInput, unknown, BillingFeesFormOutput>({
    resolver: zodResolver(billingFeesFormSchema()),
    defaultValues: billingFeesFormDefaults(settings),
  });
  const { formState, handleSubmit, setError, reset } = form;
  const update = useUpdateBillingSettings();
  const guard = useUnsavedChangesGuard(formState.isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(billingSettingsOf(values));
      reset(billingFeesFormDefaults(saved));
      enqueueSnackbar(t('settings.billing.saved'), { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError, fieldMap: billingFeesFieldMap });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection title={t('settings.billing.fees')} description={t('settings.billing.feesBody')}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {beforeDoctors}
            <Link component={RouterLink} to={paths.doctors}>
              {t('settings.billing.doctors')}
            </Link>
            {afterDoctors}
          </Typography>
          <Box sx={twoColumns}>
            <FormTextField
              name="registrationFee"
              label={t('settings.billing.registrationFee')}
              required
              type="number"
              helperText={t('settings.billing.registrationFeeHelp')}
              slotProps={rupeeInput}
            />
            <FormTextField name="followUpFee" label={t('settings.billing.followUpFee')} type="number" helperText={t('settings.billing.followUpFeeHelp')} slotProps={rupeeInput} />
            <FormTextField
              name="followUpDays"
              label={t('settings.billing.followUpDays')}
              required
              type="number"
              helperText={t('settings.billing.followUpDaysHelp')}
              slotProps={daysInput}
            />
            <FormTextField
              name="freeFollowUpDays"
              label={t('settings.billing.freeFollowUpDays')}
              required
              type="number"
              helperText={t('settings.billing.freeFollowUpDaysHelp')}
              slotProps={daysInput}
            />
          </Box>
        </FormSection>
        <FormSection title={t('settings.billing.taxes')} description={t('settings.billing.taxesBody')}>
          <Box sx={twoColumns}>
            <FormTextField name="consultationSac" label={t('settings.billing.consultationSac')} required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }} />
            <GstRateField name="consultationGstRateBp" label={t('settings.billing.consultationGst')} />
            <FormTextField name="registrationSac" label={t('settings.billing.registrationSac')} required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }} />
            <GstRateField name="registrationGstRateBp" label={t('settings.billing.registrationGst')} />
          </Box>
        </FormSection>
        <FormSection title={t('settings.billing.discounts')}>
          <FormTextField
            name="workerDiscountLimitPercent"
            label={t('settings.billing.discountLimit')}
            required
            type="number"
            helperText={t('settings.billing.discountLimitHelp')}
            slotProps={{ htmlInput: { min: 0, max: 100, step: 1 }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
            sx={{ maxWidth: { sm: 360 } }}
          />
        </FormSection>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending || !formState.isDirty}
            startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {update.isPending ? t('settings.saving') : t('settings.billing.saveFees')}
          </Button>
        </Box>
      </Box>
      {guard.dialog}
    </FormProvider>
  );
}
