import { walletOrderRequestSchema, type PaymentOrder } from '@caredesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '@/components/toast';
import { useState, type ReactNode } from 'react';
import { isPaymentCancelled } from '@/components/payments/payment-errors';
import { useCheckout } from '@/components/payments/use-checkout';
import { errorMessage } from '@/lib/http';
import { sharedText } from '@/i18n/shared-text';
import { createWalletOrder } from '../api/create-wallet-order';
import { t } from '../i18n';
import { verifyWalletRecharge } from '../api/verify-wallet-recharge';
import { queryKeys } from '@/lib/query-keys';

export interface WalletRecharge {
  /** Runs the whole recharge of SPEC.md §4 for the amount as typed. */
  recharge: (amountText: string) => Promise<void>;
  pending: boolean;
  /** Test mode's checkout dialog; render it outside any popover that closes. */
  checkoutDialog: ReactNode;
}

/** The amount as typed, or the message of the alert that stops it (SPEC.md §5: 'Enter valid amount'). */
export function parseRechargeAmount(amountText: string): { amount: number } | { message: string } {
  const typed = amountText.trim();
  const parsed = walletOrderRequestSchema.safeParse({ amount: typed === '' ? Number.NaN : Number(typed) });
  if (parsed.success) return { amount: parsed.data.amount };
  // The shared schema's own words, in the console's language.
  return { message: sharedText(parsed.error.issues[0]!.message) };
}

/**
 * Amount entered -> order created -> card checkout -> payment verified -> balance reloaded
 * (SPEC.md §4). Per §8: a failure to start (the order) goes to the console only; a failed payment
 * or verification is an error toast 'Recharge failed: …' plus a console log; closing the checkout
 * without paying is no failure and says nothing.
 */
export function useWalletRecharge(options: { onCheckoutOpen?: () => void } = {}): WalletRecharge {
  const queryClient = useQueryClient();
  const { checkout, checkoutDialog } = useCheckout();
  const [pending, setPending] = useState(false);
  const { onCheckoutOpen } = options;

  const recharge = async (amountText: string) => {
    const amount = parseRechargeAmount(amountText);
    if ('message' in amount) {
      window.alert(amount.message);
      return;
    }
    setPending(true);
    let order: PaymentOrder;
    try {
      order = await createWalletOrder(amount.amount);
    } catch (error) {
      console.error('Could not start the wallet recharge', error);
      setPending(false);
      return;
    }
    onCheckoutOpen?.();
    try {
      await verifyWalletRecharge(await checkout(order));
      enqueueSnackbar(t('wallet.recharged'), { variant: 'success' });
    } catch (error) {
      if (!isPaymentCancelled(error)) {
        console.error('Recharge failed', error);
        enqueueSnackbar(t('wallet.rechargeFailed', { reason: errorMessage(error) }), { variant: 'error' });
      }
    } finally {
      setPending(false);
      // The balance and the ledger reload whatever happened: a webhook may have credited it.
      await queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    }
  };

  return { recharge, pending, checkoutDialog };
}
