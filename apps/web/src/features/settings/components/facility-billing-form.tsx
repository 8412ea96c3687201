import { financialYearOf, formatDocumentNumber, type FacilityBilling } from '@caredesk/shared';
import { zodResolver } from '@hookform/resolvers/zod';
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
import {
  facilityBillingFieldMap,
  facilityBillingFormDefaults,
  facilityBillingFormSchema,
  facilityBillingOf,
  type FacilityBillingFormInput,
  type FacilityBillingFormOutput,
} from './billing-form-schema';

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
const threeColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } } as const;
const rupeeInput = { htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } } as const;
const prefixInput = { htmlInput: { maxLength: 12, autoCapitalize: 'characters', spellCheck: false } } as const;

type PrefixField = 'receiptPrefix' | 'invoicePrefix' | 'creditNotePrefix';

/** 'JNR' → 'e.g. JNR/2026-27/000123', this financial year's number as it would print. */
function PrefixField({ name, label, year }: { name: PrefixField; label: string; year: string }) {
  const prefix = useWatch<FacilityBillingFormInput, PrefixField>({ name });
  const sample = prefix.trim() === '' ? 'Starts every number of its kind' : `e.g. ${formatDocumentNumber(prefix.trim().toUpperCase(), year, 123)}`;
  return <FormTextField name={name} label={label} required helperText={sample} slotProps={prefixInput} />;
}

/**
 * One facility's GSTIN, the prefixes its receipts, invoices and credit notes are numbered with,
 * and the fees it charges differently from the organisation (blank: the organisation's).
 */
export function FacilityBillingForm({ facility }: { facility: FacilityBilling }) {
  const form = useForm<FacilityBillingFormInput, unknown, FacilityBillingFormOutput>({
    resolver: zodResolver(facilityBillingFormSchema),
    defaultValues: facilityBillingFormDefaults(facility),
  });
  const { formState, handleSubmit, setError, reset } = form;
  const update = useUpdateFacilityBilling();
  const year = financialYearOf(organisationToday());

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ facilityId: facility.facilityId, changes: facilityBillingOf(values) });
      reset(facilityBillingFormDefaults(saved));
      enqueueSnackbar(`${facility.facilityName} saved`, { variant: 'success' });
    } catch (error) {
      showFormError(error, { setError, fieldMap: facilityBillingFieldMap });
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormSection title={facility.facilityName} description="Printed on its receipts and invoices. Numbers run without gaps per financial year (April to March).">
          <FormTextField
            name="gstin"
            label="GSTIN"
            helperText="The facility's 15-character GST number; leave blank when not registered."
            slotProps={{ htmlInput: { maxLength: 15, autoCapitalize: 'characters', spellCheck: false } }}
            sx={{ maxWidth: { sm: 360 } }}
          />
          <Box sx={threeColumns}>
            <PrefixField name="receiptPrefix" label="Receipt prefix" year={year} />
            <PrefixField name="invoicePrefix" label="Invoice prefix" year={year} />
            <PrefixField name="creditNotePrefix" label="Credit note prefix" year={year} />
          </Box>
          <Box sx={twoColumns}>
            <FormTextField name="registrationFee" label="Registration fee here" type="number" helperText="Blank: the organisation's registration fee." slotProps={rupeeInput} />
            <FormTextField name="followUpFee" label="Follow-up fee here" type="number" helperText="Blank: the organisation's follow-up fee." slotProps={rupeeInput} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={update.isPending || !formState.isDirty}
              startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {update.isPending ? 'Saving…' : 'Save facility'}
            </Button>
          </Box>
        </FormSection>
      </Box>
    </FormProvider>
  );
}
