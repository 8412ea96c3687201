import { planPurchaseResponseSchema, type PaymentVerify } from '@caredesk/shared';
import { http } from '@/lib/http';
import { t } from '../i18n';

/** POST /plan/verify-subscription: the server checks a plan or add-on payment and activates it. */
export async function verifySubscription(payment: PaymentVerify): Promise<void> {
  const response = await http.post<unknown>('/plan/verify-subscription', payment);
  const result = planPurchaseResponseSchema.parse(response.data);
  if (result.status !== 'ACTIVATED') throw new Error(t('plan.paymentNotVerified'));
}
