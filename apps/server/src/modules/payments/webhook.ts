import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { paymentWebhookEvents } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import type { RazorpayPaymentLinkEvent, RazorpayWebhook } from '../../lib/payments/razorpay.js';
import { applyPaidOrder, lockOrder, recordFailedAttempt, type AllFulfilments } from './settlement.js';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);

/** Records a webhook event's id in the transaction of its effect: false when it was handled before. */
async function firstDelivery(tx: Tx, eventId: string, eventType: string): Promise<boolean> {
  const [fresh] = await tx
    .insert(paymentWebhookEvents)
    .values({ eventId, provider: 'razorpay', eventType })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return fresh !== undefined;
}

/**
 * A verified Razorpay event, handled once per event id. The id is recorded in the same
 * transaction as its effect, so a delivery that fails half-way is retried by Razorpay rather
 * than skipped. A capture goes through applyPaidOrder like the browser's verify: whichever
 * arrives second finds the order PAID.
 */
export async function handleRazorpayEvent(
  ctx: Pick<AppContext, 'db' | 'events'>,
  log: FastifyBaseLogger,
  eventId: string,
  event: RazorpayWebhook,
  fulfilments: AllFulfilments,
): Promise<WebhookOutcome> {
  return ctx.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, eventId, event.event))) return 'duplicate';
    const payment = event.payload.payment?.entity;
    const failed = event.event === 'payment.failed';
    if (!payment?.order_id || !(failed || PAID_EVENTS.has(event.event))) return 'ignored';

    const order = await lockOrder(tx, payment.order_id);
    if (!order) {
      log.warn({ eventId, event: event.event, orderId: payment.order_id }, 'Razorpay webhook for an order this server did not create: ignored');
      return 'ignored';
    }
    if (failed) {
      await recordFailedAttempt(tx, order, payment.error_description ?? 'Payment failed');
      return 'applied';
    }
    if (payment.amount !== order.amountPaise) {
      log.error({ eventId, orderId: payment.order_id, paid: payment.amount, ordered: order.amountPaise }, 'Razorpay payment amount differs from its order: not applied');
      return 'ignored';
    }
    return (await applyPaidOrder(tx, ctx.events, order, payment.id, fulfilments)) ? 'applied' : 'duplicate';
  });
}

/** What a payment link's event does (billing supplies it, so payments imports no billing). */
export type PaymentLinkEventHandler = (tx: Tx, event: RazorpayPaymentLinkEvent) => Promise<'applied' | 'held' | 'duplicate' | 'ignored'>;

/**
 * A verified payment_link.* event, handled once per event id in the transaction of its effect,
 * as handleRazorpayEvent does; the link's own row lock makes a second delivery of the same
 * payment under another event id change nothing either.
 */
export async function handleRazorpayLinkEvent(
  ctx: Pick<AppContext, 'db'>,
  eventId: string,
  event: RazorpayPaymentLinkEvent,
  handler: PaymentLinkEventHandler,
): Promise<WebhookOutcome> {
  return ctx.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, eventId, event.event))) return 'duplicate';
    const outcome = await handler(tx, event);
    // A held payment is handled: Razorpay must not redeliver it.
    return outcome === 'held' ? 'applied' : outcome;
  });
}
