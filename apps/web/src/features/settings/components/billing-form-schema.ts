import { billingSettingsSchema, facilityBillingSchema, gstinSchema, rupeesToPaise, type BillingSettings, type FacilityBilling } from '@caredesk/shared';
import { z } from 'zod';
import { optionalNumber, optionalText, paiseToRupeesText, requiredNumber, textOf } from '@/components/records/form-values';

/** A fee in rupees as typed; the server keeps fees up to ₹1,00,000 (billing.ts, in paise). */
const feeRupees = z
  .number({ error: 'Enter the amount in rupees' })
  .min(0, 'Enter an amount of zero or more')
  .max(100_000, 'Enter at most ₹1,00,000')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use at most two decimals (paise)');
const requiredFee = requiredNumber(feeRupees, 'Enter the amount in rupees');
/** Blank: another fee applies (the doctor's, or the organisation's for a facility). */
const optionalFee = optionalNumber(feeRupees.nullable());
const feeText = (paise: number | null) => (paise === null ? '' : paiseToRupeesText(paise));
const paiseOf = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));

const shape = billingSettingsSchema.shape;

/** Settings → Billing, the organisation's part: the shared schema with fees in rupees. */
export const billingFeesFormSchema = z.object({
  registrationFee: requiredFee,
  followUpFee: optionalFee,
  followUpDays: requiredNumber(shape.followUpDays, 'Enter a number of days'),
  freeFollowUpDays: requiredNumber(shape.freeFollowUpDays, 'Enter a number of days'),
  workerDiscountLimitPercent: requiredNumber(shape.workerDiscountLimitPercent, 'Enter a percentage'),
  consultationSac: shape.consultationSac,
  consultationGstRateBp: shape.consultationGstRateBp,
  registrationSac: shape.registrationSac,
  registrationGstRateBp: shape.registrationGstRateBp,
});
export type BillingFeesFormInput = z.input<typeof billingFeesFormSchema>;
export type BillingFeesFormOutput = z.output<typeof billingFeesFormSchema>;
/** The server names fees in paise; the form's fields are in rupees. */
export const billingFeesFieldMap = { registrationFeePaise: 'registrationFee', followUpFeePaise: 'followUpFee' };

export function billingFeesFormDefaults(settings: BillingSettings): BillingFeesFormInput {
  return {
    registrationFee: feeText(settings.registrationFeePaise),
    followUpFee: feeText(settings.followUpFeePaise),
    followUpDays: textOf(settings.followUpDays),
    freeFollowUpDays: textOf(settings.freeFollowUpDays),
    workerDiscountLimitPercent: textOf(settings.workerDiscountLimitPercent),
    consultationSac: settings.consultationSac,
    consultationGstRateBp: settings.consultationGstRateBp,
    registrationSac: settings.registrationSac,
    registrationGstRateBp: settings.registrationGstRateBp,
  };
}

export function billingSettingsOf(values: BillingFeesFormOutput): BillingSettings {
  const { registrationFee, followUpFee, ...rest } = values;
  return { ...rest, registrationFeePaise: rupeesToPaise(registrationFee), followUpFeePaise: paiseOf(followUpFee) };
}

const facilityShape = facilityBillingSchema.shape;

/** One facility's GSTIN, document number prefixes and own fees (blank: the organisation's). */
export const facilityBillingFormSchema = z.object({
  gstin: optionalText(gstinSchema.nullable()),
  receiptPrefix: facilityShape.receiptPrefix,
  invoicePrefix: facilityShape.invoicePrefix,
  creditNotePrefix: facilityShape.creditNotePrefix,
  registrationFee: optionalFee,
  followUpFee: optionalFee,
});
export type FacilityBillingFormInput = z.input<typeof facilityBillingFormSchema>;
export type FacilityBillingFormOutput = z.output<typeof facilityBillingFormSchema>;
export const facilityBillingFieldMap = billingFeesFieldMap;

export function facilityBillingFormDefaults(facility: FacilityBilling): FacilityBillingFormInput {
  return {
    gstin: textOf(facility.gstin),
    receiptPrefix: facility.receiptPrefix,
    invoicePrefix: facility.invoicePrefix,
    creditNotePrefix: facility.creditNotePrefix,
    registrationFee: feeText(facility.registrationFeePaise),
    followUpFee: feeText(facility.followUpFeePaise),
  };
}

export function facilityBillingOf(values: FacilityBillingFormOutput) {
  const { registrationFee, followUpFee, ...rest } = values;
  return { ...rest, registrationFeePaise: paiseOf(registrationFee), followUpFeePaise: paiseOf(followUpFee) };
}
