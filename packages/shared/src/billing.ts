import { z } from 'zod';
import { idSchema } from './common.js';
import { daysBetween } from './calendar.js';
import { isoDateSchema } from './schedule.js';

/**
 * Billing at the desk (design.md §10): bills, payments, refunds as credit notes, the day book.
 * Money is integer paise everywhere; rupees are only what a screen or a receipt shows.
 */

export const paymentModes = ['CASH', 'UPI', 'CARD', 'ONLINE'] as const;
export const paymentModeSchema = z.enum(paymentModes);
export type PaymentMode = z.infer<typeof paymentModeSchema>;
/** What the desk takes in person; ONLINE money arrives through the payment gateway only. */
export const deskPaymentModes = ['CASH', 'UPI', 'CARD'] as const;
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = { CASH: 'Cash', UPI: 'UPI', CARD: 'Card', ONLINE: 'Online' };

export const billItemKinds = ['CONSULTATION', 'FOLLOW_UP', 'REGISTRATION', 'SERVICE'] as const;
export type BillItemKind = (typeof billItemKinds)[number];

/** Computed from the totals, never stored apart from them. */
export const billStatuses = ['UNPAID', 'PARTLY_PAID', 'PAID', 'REFUNDED'] as const;
export type BillStatus = (typeof billStatuses)[number];

/** GST rates in basis points (1800 = 18 %); most healthcare services are exempt (0). */
export const GST_RATES_BP = [0, 500, 1200, 1800, 2800] as const;
export const gstRateBpSchema = z
  .number()
  .int()
  .refine((rate) => (GST_RATES_BP as readonly number[]).includes(rate), 'Choose a GST rate: 0, 5, 12, 18 or 28 %');
/** SAC 9993: human health services (999312 consultations, 999316 diagnostics). */
export const sacCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'A SAC/HSN code is 4 to 8 digits');
/** 15 characters: state code, PAN, entity, 'Z', check character. */
export const gstinSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'Enter a valid 15-character GSTIN');
/** Starts every number of its kind: 'JNR' gives JNR/2026-27/000123. */
export const numberPrefixSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{0,11}$/, 'Use 1 to 12 letters, digits or hyphens');

export const amountPaiseSchema = z
  .number({ error: 'Enter an amount in paise' })
  .int('Enter whole paise')
  .min(1, 'Enter an amount above zero')
  .max(100_000_000, 'At most ₹10,00,000 at a time');
const reasonSchema = z.string().trim().min(3, 'Give a reason').max(200, 'At most 200 characters');

export const billItemSchema = z.object({
  id: idSchema,
  kind: z.enum(billItemKinds),
  serviceId: idSchema.nullable(),
  description: z.string(),
  sacCode: z.string().nullable(),
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  /** quantity × unit price, before the discount. */
  amountPaise: z.number().int(),
  discountPaise: z.number().int(),
  gstRateBp: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type BillItem = z.infer<typeof billItemSchema>;

export const billPaymentSchema = z.object({
  id: idSchema,
  receiptNumber: z.string(),
  mode: paymentModeSchema,
  amountPaise: z.number().int(),
  reference: z.string().nullable(),
  /** The day book it counts in (the organisation's date). */
  businessDate: isoDateSchema,
  receivedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

export const creditNoteSchema = z.object({
  id: idSchema,
  number: z.string(),
  mode: paymentModeSchema,
  amountPaise: z.number().int(),
  reason: z.string(),
  businessDate: isoDateSchema,
  issuedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const discountRequestSchema = z.object({
  amountPaise: z.number().int(),
  reason: z.string(),
  requestedBy: z.string().nullable(),
  requestedAt: z.iso.datetime(),
});

export const billSchema = z.object({
  id: idSchema,
  number: z.string(),
  facilityId: idSchema.nullable(),
  facilityName: z.string().nullable(),
  gstin: z.string().nullable(),
  appointmentId: idSchema.nullable(),
  bookingId: idSchema.nullable(),
  patientId: idSchema.nullable(),
  patientName: z.string().nullable(),
  uhid: z.string().nullable(),
  businessDate: isoDateSchema,
  items: z.array(billItemSchema),
  subtotalPaise: z.number().int(),
  discountPaise: z.number().int(),
  discountReason: z.string().nullable(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
  paidPaise: z.number().int(),
  refundedPaise: z.number().int(),
  /** total − paid + refunded: what the patient still owes. */
  duePaise: z.number().int(),
  status: z.enum(billStatuses),
  /** The bill's day is closed: items and discount are fixed; corrections are credit notes. */
  locked: z.boolean(),
  discountRequest: discountRequestSchema.nullable(),
  payments: z.array(billPaymentSchema),
  creditNotes: z.array(creditNoteSchema),
  createdAt: z.iso.datetime(),
});
export type Bill = z.infer<typeof billSchema>;

/** GET /api/billing/bills?visitId= : the visit's bill, made on first read. */
export const billByVisitQuerySchema = z.object({ visitId: idSchema });

/** POST /api/billing/bills: a walk-in purchase with no visit. */
export const standaloneBillInputSchema = z.object({
  patientId: idSchema.nullable().optional(),
  facilityId: idSchema.nullable().optional(),
  items: z
    .array(z.object({ serviceId: idSchema, quantity: z.number().int().min(1, 'At least 1').max(99, 'At most 99') }))
    .min(1, 'Add at least one item')
    .max(50, 'At most 50 items'),
});
export type StandaloneBillInput = z.infer<typeof standaloneBillInputSchema>;

/** POST /api/billing/bills/{id}/items: an extra item from the catalogue (a service). */
export const billItemInputSchema = z.object({
  serviceId: idSchema,
  quantity: z.number().int().min(1, 'At least 1').max(99, 'At most 99').default(1),
});
export type BillItemInput = z.input<typeof billItemInputSchema>;

/** POST /api/billing/bills/{id}/discount. Beyond the role's limit, `requestApproval` asks an admin. */
export const discountInputSchema = z.object({
  amountPaise: z.number({ error: 'Enter an amount in paise' }).int('Enter whole paise').min(0, 'Enter zero or more'),
  reason: reasonSchema,
  requestApproval: z.boolean().optional(),
});
export type DiscountInput = z.infer<typeof discountInputSchema>;

/** POST /api/billing/bills/{id}/payments { mode, amountPaise } → the payment with its receipt number. */
export const paymentInputSchema = z.object({
  mode: z.enum(deskPaymentModes, { error: 'Choose cash, UPI or card' }),
  amountPaise: amountPaiseSchema,
  /** The UPI transaction id or the card slip's number, for the day book. */
  reference: z.string().trim().max(40, 'At most 40 characters').optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** POST /api/billing/bills/{id}/refunds: a numbered credit note. */
export const refundInputSchema = z.object({
  mode: z.enum(deskPaymentModes, { error: 'Choose cash, UPI or card' }),
  amountPaise: amountPaiseSchema,
  reason: reasonSchema,
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const paymentReplySchema = billPaymentSchema.extend({ bill: billSchema });
export const creditNoteReplySchema = creditNoteSchema.extend({ bill: billSchema });

export const modeTotalsSchema = z.object({ CASH: z.number().int(), UPI: z.number().int(), CARD: z.number().int(), ONLINE: z.number().int() });
export type ModeTotals = z.infer<typeof modeTotalsSchema>;

export const dayCloseSchema = z.object({
  expectedCashPaise: z.number().int(),
  countedCashPaise: z.number().int(),
  /** counted − expected: negative is a shortfall. */
  differencePaise: z.number().int(),
  note: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedAt: z.iso.datetime(),
});

export const dayBookEntrySchema = z.object({
  kind: z.enum(['PAYMENT', 'REFUND']),
  id: idSchema,
  number: z.string(),
  billId: idSchema,
  billNumber: z.string(),
  patientName: z.string().nullable(),
  mode: paymentModeSchema,
  amountPaise: z.number().int(),
  staffName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const dayBookSchema = z.object({
  date: isoDateSchema,
  facilityId: idSchema.nullable(),
  /** Bills made that day: what was billed, and what of it is still owed. */
  billedPaise: z.number().int(),
  duePaise: z.number().int(),
  bills: z.number().int(),
  receivedPaise: z.number().int(),
  refundedPaise: z.number().int(),
  /** received − refunded, by mode. */
  netByMode: modeTotalsSchema,
  expectedCashPaise: z.number().int(),
  byStaff: z.array(
    z.object({
      staffId: idSchema.nullable(),
      staffName: z.string().nullable(),
      receipts: z.number().int(),
      receivedPaise: z.number().int(),
      refundedPaise: z.number().int(),
      netByMode: modeTotalsSchema,
    }),
  ),
  entries: z.array(dayBookEntrySchema),
  closed: dayCloseSchema.nullable(),
});
export type DayBook = z.infer<typeof dayBookSchema>;

export const dayBookQuerySchema = z.object({ date: isoDateSchema, facilityId: idSchema.optional() });

/** POST /api/billing/day-book/close: the cash counted at the end of the day locks it. */
export const dayCloseInputSchema = z.object({
  date: isoDateSchema,
  facilityId: idSchema.optional(),
  countedCashPaise: z.number({ error: 'Enter the cash counted, in paise' }).int('Enter whole paise').min(0, 'Enter zero or more').max(1_000_000_000, 'Too large'),
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type DayCloseInput = z.infer<typeof dayCloseInputSchema>;

/** A fee in paise: ₹0 to ₹1,00,000 (Settings → Billing names the field in rupees). */
const feePaiseSchema = z.number({ error: 'Enter a fee in paise' }).int('Enter whole paise').min(0, 'Enter a fee of ₹0 or more').max(10_000_000, 'Enter a fee of at most ₹1,00,000');
/** Days after a visit; a year at most. */
const windowDaysSchema = z.number({ error: 'Enter a number of days' }).int('Enter whole days').min(0, 'Enter 0 days or more').max(365, 'Enter at most 365 days');

/** Organisation-wide fees and taxes (Settings → Billing); a facility may set its own fees. */
export const billingSettingsSchema = z.object({
  registrationFeePaise: feePaiseSchema,
  /** Null: a follow-up costs the doctor's consultation fee. */
  followUpFeePaise: feePaiseSchema.nullable(),
  /** A revisit to the same doctor within this many days is a follow-up (0: none). */
  followUpDays: windowDaysSchema,
  /** …and within this many days it is free (0: never free). */
  freeFollowUpDays: windowDaysSchema,
  consultationSac: sacCodeSchema,
  consultationGstRateBp: gstRateBpSchema,
  registrationSac: sacCodeSchema,
  registrationGstRateBp: gstRateBpSchema,
  /** A worker's discount beyond this share of a bill needs an admin (admins have no limit). */
  workerDiscountLimitPercent: z.number({ error: 'Enter a percentage' }).int('Enter a whole percentage').min(0, 'Enter 0 % or more').max(100, 'Enter at most 100 %'),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
export const billingSettingsUpdateSchema = billingSettingsSchema.partial();

export const facilityBillingSchema = z.object({
  facilityId: idSchema,
  facilityName: z.string(),
  receiptPrefix: numberPrefixSchema,
  invoicePrefix: numberPrefixSchema,
  creditNotePrefix: numberPrefixSchema,
  gstin: gstinSchema.nullable(),
  /** Null: the organisation's. */
  registrationFeePaise: feePaiseSchema.nullable(),
  followUpFeePaise: feePaiseSchema.nullable(),
});
export type FacilityBilling = z.infer<typeof facilityBillingSchema>;
export const facilityBillingUpdateSchema = facilityBillingSchema.omit({ facilityId: true, facilityName: true }).partial();

export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  registrationFeePaise: 0,
  followUpFeePaise: null,
  followUpDays: 0,
  freeFollowUpDays: 0,
  consultationSac: '999312',
  consultationGstRateBp: 0,
  registrationSac: '999312',
  registrationGstRateBp: 0,
  workerDiscountLimitPercent: 10,
};

/** India's financial year (April–March) of a date: '2026-04-01' → '2026-27', '2027-03-31' → '2026-27'. */
export function financialYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 'JNR', '2026-27', 123 → 'JNR/2026-27/000123' (six digits, more when a year needs them). */
export function formatDocumentNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear}/${String(sequence).padStart(6, '0')}`;
}

/** The longest span one accountant's export covers: a financial year, leap day included. */
export const BILLING_EXPORT_MAX_DAYS = 366;

/** GET /api/billing/export/{bills,payments,refunds}.csv: business dates from–to, both included. */
export const billingExportQuerySchema = z.object({ from: isoDateSchema, to: isoDateSchema, facilityId: idSchema.optional() }).superRefine((query, issues) => {
  // Runs even when a date failed its own check (zod reports every issue at once): only a span
  // between two real dates is measured.
  if (!isoDateSchema.safeParse(query.from).success || !isoDateSchema.safeParse(query.to).success) return;
  const days = daysBetween(query.from, query.to);
  if (days < 0) issues.addIssue({ code: 'custom', path: ['to'], message: 'Choose an end date on or after the start date' });
  else if (days > BILLING_EXPORT_MAX_DAYS) issues.addIssue({ code: 'custom', path: ['to'], message: `Choose dates at most ${BILLING_EXPORT_MAX_DAYS} days apart` });
});
export type BillingExportQuery = z.infer<typeof billingExportQuerySchema>;
