import { z } from 'zod';

/** Balance in rupees with two decimals, as SPEC.md §3 shows it; the ledger keeps paise. */
export const walletSchema = z.object({
  showWallet: z.boolean(),
  balance: z.number(),
});
export type Wallet = z.infer<typeof walletSchema>;

export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}
