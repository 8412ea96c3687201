import { billingSettingsSchema, facilityBillingSchema, gstinSchema, rupeesToPaise, type BillingSettings, type FacilityBilling } from '@caredesk/shared';
import { z } from 'zod';
import { optionalNumber, optionalText, paiseToRupeesText, requiredNumber, textOf } from '@/components/records/form-values';
import { t } from '../i18n';

/**
 * A fee in rupees as typed; the server keeps fees up to ₹1,00,000 (billing.ts, in paise). The
 * schemas below are built when a form renders, so that their messages are in the language of that moment.
 */
const feeRupees = () =>
  z
    .number({ error: t('settings.billing.enterRupees') })
    .min(0, t('settings.billing.zeroOrMore'))
    .max(100_000, t('settings.billing.atMost'))
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, t('settings.billing.twoDecimals'));
const requiredFee = () => requiredNumber(feeRupees(), t('settings.billing.enterRupees'));
/** Blank: another fee applies (the doctor's, or the organisation's for a facility). */
const optionalFee = () => optionalNumber(feeRupees().nullable());
const feeText = (paise: number | null) => (paise === null ? '' : paiseToRupeesText(paise));
const paiseOf = (rupees: number | null) => (rupees === null ? null : rupeesToPaise(rupees));

const shape = billingSettingsSchema.shape;

/** Settings → Billing, the organisation's part: the shared schema with fees in rupees. */
export const billingFeesFormSchema = () =>
  z.object({
    registrationFee: requiredFee(),
    followUpFee: optionalFee(),
    followUpDays: requiredNumber(shape.followUpDays, t('settings.billing.enterDays')),
    freeFollowUpDays: requiredNumber(shape.freeFollowUpDays, t('settings.billing.enterDays')),
    workerDiscountLimitPercent: requiredNumber(shape.workerDiscountLimitPercent, t('settings.billing.enterPercent')),
    consultationSac: shape.consultationSac,
    consultationGstRateBp: shape.consultationGstRateBp,
    registrationSac: shape.registrationSac,
    registrationGstRateBp: shape.registrationGstRateBp,
  });
export type BillingFeesFormInput = z.input<ReturnType<typeof billingFeesFormSchema>>;
export type BillingFeesFormOutput = z.output<ReturnType<typeof billingFeesFormSchema>>;
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
export const facilityBillingFormSchema = () =>
  z.object({
    gstin: optionalText(gstinSchema.nullable()),
    receiptPrefix: facilityShape.receiptPrefix,
    invoicePrefix: facilityShape.invoicePrefix,
    creditNotePrefix: facilityShape.creditNotePrefix,
    registrationFee: optionalFee(),
    followUpFee: optionalFee(),
  });
export type FacilityBillingFormInput = z.input<ReturnType<typeof facilityBillingFormSchema>>;
export type FacilityBillingFormOutput = z.output<ReturnType<typeof facilityBillingFormSchema>>;
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
