import { simulatedPayResponseSchema, type PaymentVerify, type simulatedPaySchema } from '@caredesk/shared';
import type { z } from 'zod';
import { http } from '@/lib/http';

export type SimulatedPayInput = z.input<typeof simulatedPaySchema>;

/**
 * Test mode's gateway (the server's simulated provider): answers like Razorpay's checkout
 * handler, or 402 'Card declined (test card)' for the failure card.
 */
export async function paySimulated(input: SimulatedPayInput): Promise<PaymentVerify> {
  const response = await http.post<unknown>('/payments/simulated/pay', input);
  return simulatedPayResponseSchema.parse(response.data);
}
