import { randomUUID } from 'node:crypto';
import { SIMULATED_CARDS, type PaymentOrder, type PaymentVerify } from '@caredesk/shared';
import type { Db } from '../db/client.js';
import { plans } from '../db/schema/index.js';
import type { ApiClient } from './fixtures.js';

/** Test mode's checkout, as the console drives it: pay the order with a test card. */
export async function payWithTestCard(client: ApiClient, orderId: string, cardNumber: string = SIMULATED_CARDS.success) {
  return client.post('/api/payments/simulated/pay', { orderId, cardNumber, expiry: '12/30', cvc: '123' });
}

/** An order for `amount` rupees, paid in test mode: what the browser then sends to /wallet/recharge. */
export async function paidWalletOrder(client: ApiClient, amount: number): Promise<{ order: PaymentOrder; payment: PaymentVerify }> {
  const ordered = await client.post('/api/wallet/order', { amount });
  if (ordered.statusCode !== 200) throw new Error(`wallet order failed: ${ordered.statusCode} ${ordered.body}`);
  const order = ordered.json<PaymentOrder>();
  const paid = await payWithTestCard(client, order.id);
  if (paid.statusCode !== 200) throw new Error(`test payment failed: ${paid.statusCode} ${paid.body}`);
  return { order, payment: paid.json<PaymentVerify>() };
}

/** A full recharge in test mode: order, pay, verify. */
export async function rechargeInTestMode(client: ApiClient, amount: number) {
  const { payment } = await paidWalletOrder(client, amount);
  const verified = await client.post('/api/wallet/recharge', payment);
  if (verified.statusCode !== 200) throw new Error(`recharge failed: ${verified.statusCode} ${verified.body}`);
  return verified.json<{ verified: true; credited: boolean; balance: number; amount: number }>();
}

/** A plan on offer, priced as the test needs. */
export async function createPlan(db: Db, overrides: Partial<typeof plans.$inferInsert> = {}): Promise<typeof plans.$inferSelect> {
  const [plan] = await db
    .insert(plans)
    .values({ name: `Plan ${randomUUID().slice(0, 6)}`, pricePaise: 70_000, durationDays: 30, features: ['Appointments', 'Token queue'], ...overrides })
    .returning();
  return plan!;
}
