import type { PaymentPurpose, PaymentVerify } from '@caredesk/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { paymentOrders } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events/bus.js';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/**
 * What a paid order buys, given in the payer's transaction. Payments owns settlement; the module
 * that sells each purpose (plans, wallet) supplies its fulfilment, so payments imports neither.
 */
export type Fulfil = (tx: Tx, events: EventBus, order: PaymentOrderRow, paymentId: string) => Promise<void>;
export type Fulfilments = Partial<Record<PaymentPurpose, Fulfil>>;
/** Every purpose's fulfilment: what the webhook needs, since it settles orders of any purpose. */
export type AllFulfilments = Record<PaymentPurpose, Fulfil>;

export const NOT_VERIFIED = 'Payment could not be verified';

const PURPOSE_NAMES: Record<PaymentPurpose, string> = {
  WALLET_RECHARGE: 'a wallet recharge',
  PLAN: 'a plan',
  WHATSAPP: 'the WhatsApp add-on',
};

/** The order by the provider's id, locked until the transaction ends. */
export async function lockOrder(tx: Tx, providerOrderId: string, organisationId?: string): Promise<PaymentOrderRow | undefined> {
  const conditions: SQL[] = [eq(paymentOrders.providerOrderId, providerOrderId)];
  if (organisationId) conditions.push(eq(paymentOrders.organisationId, organisationId));
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(and(...conditions))
    .for('update');
  return order;
}

/**
 * Gives the organisation what a paid order bought — the ORDER's amount, never a client's — and
 * marks it PAID, in the caller's transaction and under the order's row lock (lockOrder). The
 * browser's verify and the webhook both come through here, so whichever is second, and every
 * replay, finds the order PAID and changes nothing: answers whether this call applied it.
 */
export async function applyPaidOrder(tx: Tx, events: EventBus, order: PaymentOrderRow, paymentId: string, fulfilments: Fulfilments): Promise<boolean> {
  if (order.status === 'PAID') return false;
  const fulfil = fulfilments[order.purpose];
  if (!fulfil) throw new Error(`No fulfilment for ${order.purpose} orders`);
  await fulfil(tx, events, order, paymentId);
  await tx.update(paymentOrders).set({ status: 'PAID', paidPaymentId: paymentId, paidAt: new Date(), failureReason: null }).where(eq(paymentOrders.id, order.id));
  return true;
}

/**
 * The browser's verify (POST /wallet/recharge, /plan/verify-subscription): the signature first
 * (400, nothing touched), then the caller's own order (404 for another organisation's), then
 * applyPaidOrder. Only orders of the purposes `fulfilments` covers are accepted. `answer` runs in
 * the same transaction, so replays answer like the first call.
 */
export async function verifyCheckout<T>(
  ctx: Pick<AppContext, 'db' | 'events' | 'payments'>,
  caller: StaffContext,
  input: PaymentVerify,
  fulfilments: Fulfilments,
  answer: (tx: Tx, order: PaymentOrderRow, applied: boolean) => Promise<T>,
): Promise<T> {
  if (!ctx.payments.verifyCheckout(input)) throw new BadRequestError(NOT_VERIFIED, [{ path: 'signature', message: NOT_VERIFIED }]);
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId, caller.organisationId);
    if (!order) throw new NotFoundError('Payment order not found');
    if (!fulfilments[order.purpose]) {
      const message = `This payment is for ${PURPOSE_NAMES[order.purpose]}`;
      throw new BadRequestError(message, [{ path: 'orderId', message }]);
    }
    const applied = await applyPaidOrder(tx, ctx.events, order, input.paymentId, fulfilments);
    return answer(tx, order, applied);
  });
}

/** A declined attempt: kept on the order for support, which stays payable by another attempt. */
export async function recordFailedAttempt(tx: Tx, order: PaymentOrderRow, reason: string): Promise<void> {
  if (order.status === 'PAID') return;
  await tx.update(paymentOrders).set({ status: 'FAILED', failureReason: reason }).where(eq(paymentOrders.id, order.id));
}
