import { financialYearOf, formatDocumentNumber, type FacilityBilling } from '@caredesk/shared';
import { zodResolver } from '@/lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { showFormError } from '@/components/records/form-errors';
import { FormSection } from '@/components/records/form-section';
import { FormTextField } from '@/components/records/form-text-field';
import { enqueueSnackbar } from '@/components/toast';
import { organisationToday } from '@/lib/organisation-today';
import { useUpdateFacilityBilling } from '../api/update-billing-settings';
import { useT } from '../i18n';
import {
  facilityBillingFieldMap,
  facilityBillingFormDefaults,
  facilityBillingFormSchema,
  facilityBillingOf,
  type FacilityBillingFormInput,
  type FacilityBillingFormOutput,
} from './billing-form-schema';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2,1fr)' } } as const;
const threeColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3,1fr)' } } as const;
const rupeeInput = { htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } } as const;
const prefixInput = { htmlInput: { maxLength: 12, autoCapitalize: 'characters', spellCheck: false } } as const;

type PrefixField = 'receiptPrefix' | 'invoicePrefix' | 'creditNotePrefix';

/** 'JNR' → 'e.g. JNR/2026-27/000123', this financial year's number as it would print. */
function PrefixField({ name, label, year }: { name: PrefixField; label: string; year: string }) {
  const prefix = useWatch<FacilityBillingFormInput, PrefixField>({ name });
  const t = useT();
  const sample =
    prefix.trim() === '' ? t('settings.billing.prefixEmpty') : t('settings.billing.prefixSample', { number: formatDocumentNumber(prefix.trim().toUpperCase(), year, 123) });
  return <FormTextField name={name} label={label} required helperText={sample} slotProps={prefixInput} />;
}

/**
 * One facility's GSTIN, the prefixes its receipts, invoices and credit notes are numbered with,
 * and the fees it charges differently from the organisation (blank: the organisation's).
 */
export function FacilityBillingForm({ facility }: { facility: FacilityBilling }) {
  const t = useT();
  const form = useForm<FacilityBillingFormInput, unknown, FacilityBillingFormOutput>({
    resolver: zodResolver(facilityBillingFormSchema()),
    defaultValues: facilityBillingFormDefaults(facility),
  });
  const { formState, handleSubmit, setError, reset } = form;
  const update = useUpdateFacilityBilling();
  const year = financialYearOf(organisationToday());

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ facilityId: facility.facilityId, changes: facilityBillingOf(values) });
      reset(facilityBillingFormDefaults(saved));
      enqueueSnackbar(t('settings.billing.facilitySaved', { name: facility.facilityName }), { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError, fieldMap: facilityBillingFieldMap });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormSection title={facility.facilityName} description={t('settings.billing.facilityBody')}>
          <FormTextField
            name="gstin"
            label={t('settings.billing.gstin')}
            helperText={t('settings.billing.gstinHelp')}
            slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
            sx={{ maxWidth: { sm: 360 } }}
          />
          <Box sx={threeColumns}>
            <PrefixField name="receiptPrefix" label={t('settings.billing.receiptPrefix')} year={year} />
            <PrefixField name="invoicePrefix" label={t('settings.billing.invoicePrefix')} year={year} />
            <PrefixField name="creditNotePrefix" label={t('settings.billing.creditNotePrefix')} year={year} />
          </Box>
          <Box sx={twoColumns}>
            <FormTextField
              name="registrationFee"
              label={t('settings.billing.registrationFeeHere')}
              type="number"
              helperText={t('settings.billing.registrationFeeHereHelp')}
              slotProps={rupeeInput}
            />
            <FormTextField
              name="followUpFee"
              label={t('settings.billing.followUpFeeHere')}
              type="number"
              helperText={t('settings.billing.followUpFeeHereHelp')}
              slotProps={rupeeInput}
            />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={update.isPending || !formState.isDirty}
              startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {update.isPending ? t('settings.saving') : t('settings.billing.saveFacility')}
            </Button>
          </Box>
        </FormSection>
      </Box>
    </FormProvider>
  );
}
