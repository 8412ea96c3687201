import { paymentOrderSchema, type PaymentOrder } from '@caredesk/shared';
import { http } from '@/lib/http';

/** POST /wallet/order { amount } (rupees): the server makes the order the checkout pays. */
export async function createWalletOrder(amount: number): Promise<PaymentOrder> {
  const response = await http.post<unknown>('/wallet/order', { amount });
  return paymentOrderSchema.parse(response.data);
}
