import { z } from 'zod';
import { amountPaiseSchema, billPaymentSchema } from './billing.js';
import { idSchema } from './common.js';

/**
 * Online payment at the desk (issue #19): a payment link or UPI QR for what a bill owes, paid
 * on the patient's phone and confirmed by the payment gateway, never by the desk's say-so.
 */
export const billPaymentLinkStatuses = ['ACTIVE', 'PAID', 'CANCELLED', 'EXPIRED', 'HELD'] as const;
export type BillPaymentLinkStatus = (typeof billPaymentLinkStatuses)[number];

/** How long a link can be paid: long enough to pay at the desk, short enough not to linger. */
export const BILL_PAYMENT_LINK_MINUTES = 30;

export const billPaymentLinkInputSchema = z.object({
  /** A UPI-only link (shown as a QR) rather than a link to every payment method. */
  upi: z.boolean().default(true),
  /** Part of what is due, as the desk enters it; all of it when left out. */
  amountPaise: amountPaiseSchema.optional(),
});
export type BillPaymentLinkInput = z.input<typeof billPaymentLinkInputSchema>;

export const billPaymentLinkSchema = z.object({
  id: idSchema,
  billId: idSchema,
  amountPaise: z.number().int(),
  /** What the patient opens or scans: a https link, or a upi:// link in test mode. */
  url: z.string(),
  upi: z.boolean(),
  /**
   * ACTIVE until paid, cancelled or expired. HELD: paid after the bill was settled another way;
   * the money is not credited to the bill and is returned to the patient through the gateway.
   */
  status: z.enum(billPaymentLinkStatuses),
  expiresAt: z.iso.datetime(),
  /** Test mode: the desk may play the patient paying. */
  simulated: z.boolean(),
  /** The receipt the payment became, once PAID. */
  payment: billPaymentSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type BillPaymentLink = z.infer<typeof billPaymentLinkSchema>;
