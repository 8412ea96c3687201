import { paymentOrderSchema, type PaymentOrder } from '@caredesk/shared';
import { http } from '@/lib/http';

/** POST /plan/subscribe-whatsapp: the order that pays for the WhatsApp add-on. */
export async function subscribeWhatsapp(): Promise<PaymentOrder> {
  const response = await http.post<unknown>('/plan/subscribe-whatsapp', {});
  return paymentOrderSchema.parse(response.data);
}
