import type { BillingSettings } from '@caredesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
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
import {
  billingFeesFieldMap,
  billingFeesFormDefaults,
  billingFeesFormSchema,
  billingSettingsOf,
  type BillingFeesFormInput,
  type BillingFeesFormOutput,
} from './billing-form-schema';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const rupeeInput = { htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } } as const;
const daysInput = { htmlInput: { min: 0, max: 365, step: 1 }, input: { endAdornment: <InputAdornment position="end">days</InputAdornment> } } as const;

/** The organisation's fees, follow-up windows, taxes and the workers' discount limit, saved together. */
export function BillingFeesForm({ settings }: { settings: BillingSettings }) {
  const form = useForm<BillingFeesFormInput, unknown, BillingFeesFormOutput>({
    resolver: zodResolver(billingFeesFormSchema),
    defaultValues: billingFeesFormDefaults(settings),
  });
  const { formState, handleSubmit, setError, reset } = form;
  const update = useUpdateBillingSettings();
  const guard = useUnsavedChangesGuard(formState.isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(billingSettingsOf(values));
      reset(billingFeesFormDefaults(saved));
      enqueueSnackbar('Fees and taxes saved', { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError, fieldMap: billingFeesFieldMap });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection title="Fees" description="What a visit's bill is charged. Each facility below may set its own registration and follow-up fees.">
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The consultation fee is each doctor&apos;s own: change it on the doctor&apos;s page under{' '}
            <Link component={RouterLink} to={paths.doctors}>
              Doctors
            </Link>
            .
          </Typography>
          <Box sx={twoColumns}>
            <FormTextField
              name="registrationFee"
              label="Registration fee"
              required
              type="number"
              helperText="Charged once, on a new patient's first visit."
              slotProps={rupeeInput}
            />
            <FormTextField name="followUpFee" label="Follow-up fee" type="number" helperText="Leave blank to charge the doctor's consultation fee." slotProps={rupeeInput} />
            <FormTextField
              name="followUpDays"
              label="Follow-up window"
              required
              type="number"
              helperText="A revisit to the same doctor within this many days is a follow-up (0: none)."
              slotProps={daysInput}
            />
            <FormTextField
              name="freeFollowUpDays"
              label="Free follow-up window"
              required
              type="number"
              helperText="A revisit within this many days is free (0: never free)."
              slotProps={daysInput}
            />
          </Box>
        </FormSection>
        <FormSection title="Taxes" description="Most healthcare services are exempt from GST (SAC 9993). Scans and tests take their own code and rate from the service.">
          <Box sx={twoColumns}>
            <FormTextField name="consultationSac" label="Consultation SAC code" required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }} />
            <GstRateField name="consultationGstRateBp" label="Consultation GST rate" />
            <FormTextField name="registrationSac" label="Registration SAC code" required slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }} />
            <GstRateField name="registrationGstRateBp" label="Registration GST rate" />
          </Box>
        </FormSection>
        <FormSection title="Discounts">
          <FormTextField
            name="workerDiscountLimitPercent"
            label="Staff discount limit"
            required
            type="number"
            helperText="Staff may give up to this share of a bill; beyond it an administrator approves."
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
            {update.isPending ? 'Saving…' : 'Save fees and taxes'}
          </Button>
        </Box>
      </Box>
      {guard.dialog}
    </FormProvider>
  );
}
