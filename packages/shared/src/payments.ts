import { z } from 'zod';
import { lineText } from './text.js';

/** design.md §5/§7: what an order pays for. The amount always comes from the server's order. */
export const paymentPurposes = ['WALLET_RECHARGE', 'PLAN', 'WHATSAPP'] as const;
export const paymentPurposeSchema = z.enum(paymentPurposes);
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

export const paymentOrderStatuses = ['CREATED', 'PAID', 'FAILED'] as const;
export const paymentOrderStatusSchema = z.enum(paymentOrderStatuses);

/** `razorpay` (Orders API + Checkout) or `simulated` (the built-in test gateway, 'Test mode'). */
export const paymentProviders = ['razorpay', 'simulated'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

export const PAYMENT_CURRENCY = 'INR';
/** SPEC.md §7: the card checkout's texts and colour. */
export const CHECKOUT_NAME = 'Wallet Recharge';
export const CHECKOUT_DESCRIPTION = 'Add money to wallet';
export const CHECKOUT_THEME_COLOR = '#1976d2';

/**
 * An order as the browser needs it to open the checkout: `id` is the provider's order id
 * (SPEC.md: POST /wallet/order -> { id }), `keyId` the provider's public key (null in test mode).
 */
export const paymentOrderSchema = z.object({
  id: z.string(),
  provider: paymentProviderSchema,
  keyId: z.string().nullable(),
  purpose: paymentPurposeSchema,
  amountPaise: z.number().int(),
  currency: z.literal(PAYMENT_CURRENCY),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** What the checkout hands back on success (Razorpay's handler fields, in the spec's names). */
export const paymentVerifySchema = z.object({
  paymentId: lineText().trim().min(1).max(100),
  orderId: lineText().trim().min(1).max(100),
  signature: lineText().trim().min(1).max(200),
});
export type PaymentVerify = z.infer<typeof paymentVerifySchema>;

/**
 * Test mode's checkout: the browser sends the card to our own simulated gateway, which answers
 * like Razorpay's handler would (or with the failure the test card asks for).
 */
export const SIMULATED_CARDS = {
  success: '4111 1111 1111 1111',
  failure: '4000 0000 0000 0002',
} as const;
export const simulatedPaySchema = z.object({
  orderId: lineText().min(1).max(100),
  cardNumber: lineText().trim().min(12).max(23),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Use MM/YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit code'),
});
export const simulatedPayResponseSchema = paymentVerifySchema;
