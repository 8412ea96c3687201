import type { PlanOffer } from '@caredesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '@/components/toast';
import { useState, type ReactNode } from 'react';
import { isPaymentCancelled } from '@/components/payments/payment-errors';
import { useCheckout } from '@/components/payments/use-checkout';
import { errorMessage } from '@/lib/http';
import { activatePlan } from '../api/activate-plan';
import { subscribeWhatsapp } from '../api/subscribe-whatsapp';
import { verifySubscription } from '../api/verify-subscription';
import { t } from '../i18n';
import { queryKeys } from '@/lib/query-keys';

/** What is being bought: a plan's id, or the WhatsApp add-on. */
export type PurchaseTarget = string | 'whatsapp';

export interface PlanPurchase {
  buyPlan: (offer: PlanOffer) => Promise<void>;
  subscribeWhatsapp: () => Promise<void>;
  /** The target whose purchase is under way, or null. */
  pending: PurchaseTarget | null;
  /** Test mode's checkout dialog while it is open. */
  checkoutDialog: ReactNode;
}

/**
 * Buying or renewing a plan (from the wallet when it covers the price, else through the card
 * checkout) and subscribing the WhatsApp add-on (always the checkout). Errors are toasts;
 * closing the checkout without paying says nothing.
 */
export function usePlanPurchase(): PlanPurchase {
  const queryClient = useQueryClient();
  const { checkout, checkoutDialog } = useCheckout();
  const [pending, setPending] = useState<PurchaseTarget | null>(null);

  const run = async (target: PurchaseTarget, purchase: () => Promise<string>) => {
    setPending(target);
    try {
      enqueueSnackbar(await purchase(), { variant: 'success' });
    } catch (error) {
      if (!isPaymentCancelled(error)) {
        console.error('Plan purchase failed', error);
        enqueueSnackbar(errorMessage(error), { variant: 'error' });
      }
    } finally {
      setPending(null);
      // A plan paid from the wallet moves the header's balance too (the wallet's queries live under ['wallet']).
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.plan.all }), queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all })]);
    }
  };

  const buyPlan = (offer: PlanOffer) =>
    run(offer.id, async () => {
      const result = await activatePlan(offer.id);
      switch (result.status) {
        case 'ACTIVATED':
          return t(result.paidFrom === 'WALLET' ? 'plan.activatedFromWallet' : 'plan.activated', { name: offer.name });
        case 'CHECKOUT':
          await verifySubscription(await checkout(result.order));
          return t('plan.activated', { name: offer.name });
      }
    });

  const subscribe = () =>
    run('whatsapp', async () => {
      await verifySubscription(await checkout(await subscribeWhatsapp()));
      return t('plan.whatsappSubscribed');
    });

  return { buyPlan, subscribeWhatsapp: subscribe, pending, checkoutDialog };
}
