import { z } from 'zod';
import { listQuerySchema, sortOrderSchema } from './lists.js';
import { isoDateSchema } from './schedule.js';

/** Balance in rupees with two decimals, as SPEC.md §3 shows it; the ledger keeps paise. */
export const walletSchema = z.object({
  showWallet: z.boolean(),
  balance: z.number(),
});
export type Wallet = z.infer<typeof walletSchema>;

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** SPEC.md §9: red under ₹100; the recharge field starts at 100; quick-add buttons. */
export const WALLET_LOW_BALANCE_RUPEES = 100;
export const WALLET_DEFAULT_RECHARGE_RUPEES = 100;
export const WALLET_QUICK_ADD_RUPEES = [100, 500, 1000] as const;
export const WALLET_MAX_RECHARGE_RUPEES = 100_000;

/** POST /api/wallet/order { amount } in rupees (paise precision at most) -> a payment order. */
export const walletOrderRequestSchema = z.object({
  amount: z
    .number({ error: 'Enter valid amount' })
    // At least one paisa: 1e-9 passed gt(0) and rounded to a 0-paise order (a 500).
    .min(0.01, 'Enter valid amount')
    .max(WALLET_MAX_RECHARGE_RUPEES, `At most ₹${WALLET_MAX_RECHARGE_RUPEES.toLocaleString('en-IN')} at a time`)
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), 'At most two decimals'),
});

/** POST /api/wallet/recharge answers the new balance; `credited` is false for a replay already credited. */
export const walletRechargeResponseSchema = z.object({
  verified: z.literal(true),
  credited: z.boolean(),
  balance: z.number(),
  amount: z.number(),
});
export type WalletRechargeResponse = z.infer<typeof walletRechargeResponseSchema>;

export const walletEntryKinds = ['CREDIT', 'DEBIT'] as const;
export const walletEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(walletEntryKinds),
  amountPaise: z.number().int(),
  balanceAfterPaise: z.number().int(),
  description: z.string(),
  paymentId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** GET /api/wallet/entries (and /api/wallet/entries/export.csv): the ledger, newest first by default. */
export const walletEntryListQuerySchema = listQuerySchema(['createdAt', 'amount'] as const).extend({
  order: sortOrderSchema.default('desc'),
  kind: z.enum(walletEntryKinds).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type WalletEntryListQuery = z.input<typeof walletEntryListQuerySchema>;
