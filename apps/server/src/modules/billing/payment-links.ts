import { randomUUID } from 'node:crypto';
import { BILL_PAYMENT_LINK_MINUTES, todayIn, type BillPaymentLink, type BillPaymentLinkInput } from '@caredesk/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { billPaymentLinks, billPayments, bills, organisations } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { text, translate } from '../../lib/i18n/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import { notifyStaffOfArea } from '../visits/index.js';
import { bookOf, loadBill, lockBill } from './bills.js';
import { nextDocumentNumber, openEntryDay } from './numbering.js';
import { resolveBook } from './settings.js';
import { rupeesText } from './totals.js';

type LinkRow = typeof billPaymentLinks.$inferSelect;
type Log = { warn(details: object, message: string): void };

const LINK_NOT_FOUND = 'Payment link not found';

/** What the desk sees: an ACTIVE link past its expiry reads as EXPIRED even before the gateway says so. */
async function toView(db: Db | Tx, link: LinkRow, now = new Date()): Promise<BillPaymentLink> {
  const status = link.status === 'ACTIVE' && link.expiresAt <= now ? 'EXPIRED' : link.status;
  const payment = link.billPaymentId ? ((await loadBill(db, link.organisationId, link.billId)).payments.find((entry) => entry.id === link.billPaymentId) ?? null) : null;
  return {
    id: link.id,
    billId: link.billId,
    amountPaise: link.amountPaise,
    url: link.url,
    upi: link.upi,
    status,
    expiresAt: link.expiresAt.toISOString(),
    simulated: link.provider === 'simulated',
    payment,
    createdAt: link.createdAt.toISOString(),
  };
}

async function linkOf(db: Db | Tx, caller: StaffContext, linkId: string): Promise<LinkRow> {
  const [link] = await db
    .select()
    .from(billPaymentLinks)
    .where(and(eq(billPaymentLinks.id, linkId), eq(billPaymentLinks.organisationId, caller.organisationId)));
  if (!link) throw new NotFoundError(LINK_NOT_FOUND);
  return link;
}

/**
 * POST /api/billing/bills/{id}/payment-links: a link (or UPI QR) for what the bill owes now, or
 * the part of it the desk entered. The gateway is asked outside any transaction (no lock held
 * over the network); a bill has one live link, so the ones before it are cancelled, at the
 * gateway too.
 */
export async function createBillPaymentLink(
  ctx: Pick<AppContext, 'db' | 'payments' | 'events'>,
  caller: StaffContext,
  billId: string,
  input: BillPaymentLinkInput,
  log: Log,
): Promise<BillPaymentLink> {
  const { bill, replaced } = await ctx.db.transaction(async (tx) => {
    const row = await lockBill(tx, caller, billId);
    const due = row.totalPaise - row.paidPaise;
    if (due <= 0) throw new ConflictError('Nothing is due on this bill');
    if (input.amountPaise !== undefined && input.amountPaise > due) {
      const message = text('billing.onlyDue', { amount: rupeesText(due) });
      throw new BadRequestError(`amountPaise: Only ${rupeesText(due)} is due`, [{ path: 'amountPaise', message }]);
    }
    const cancelled = await tx
      .update(billPaymentLinks)
      .set({ status: 'CANCELLED' })
      .where(and(eq(billPaymentLinks.billId, row.id), eq(billPaymentLinks.status, 'ACTIVE')))
      .returning({ providerLinkId: billPaymentLinks.providerLinkId });
    return { bill: row, replaced: cancelled };
  });
  const amountPaise = input.amountPaise ?? bill.totalPaise - bill.paidPaise;
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + BILL_PAYMENT_LINK_MINUTES * 60_000);
  const upi = input.upi ?? true;
  const created = await ctx.payments.createPaymentLink({
    amountPaise,
    referenceId: id,
    description: `Bill ${bill.number}`,
    expiresAt,
    upi,
    notes: { billId: bill.id, organisationId: caller.organisationId },
  });
  const [link] = await ctx.db
    .insert(billPaymentLinks)
    .values({
      id,
      organisationId: caller.organisationId,
      billId: bill.id,
      provider: ctx.payments.provider,
      providerLinkId: created.id,
      url: created.url,
      upi,
      amountPaise,
      expiresAt,
      createdBy: caller.id,
    })
    .returning();
  for (const old of replaced) await cancelAtGateway(ctx, old.providerLinkId, log);
  return toView(ctx.db, link!);
}

export async function cancelAtGateway(ctx: Pick<AppContext, 'payments'>, providerLinkId: string, log: Log): Promise<void> {
  // Best effort: a link the gateway will not cancel (paid meanwhile) is settled by its webhook.
  await ctx.payments
    .cancelPaymentLink(providerLinkId)
    .catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Payment link not cancelled'));
}

export async function getBillPaymentLink(db: Db, caller: StaffContext, linkId: string): Promise<BillPaymentLink> {
  return toView(db, await linkOf(db, caller, linkId));
}

/** POST /api/billing/payment-links/{id}/cancel: the patient pays another way. */
export async function cancelBillPaymentLink(ctx: Pick<AppContext, 'db' | 'payments' | 'events'>, caller: StaffContext, linkId: string, log: Log): Promise<BillPaymentLink> {
  const link = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(billPaymentLinks)
      .where(and(eq(billPaymentLinks.id, linkId), eq(billPaymentLinks.organisationId, caller.organisationId)))
      .for('update');
    if (!row) throw new NotFoundError(LINK_NOT_FOUND);
    if (row.status !== 'ACTIVE') return row;
    const [cancelled] = await tx.update(billPaymentLinks).set({ status: 'CANCELLED' }).where(eq(billPaymentLinks.id, row.id)).returning();
    await announce(ctx.events, tx, cancelled!);
    return cancelled!;
  });
  if (link.status === 'CANCELLED') await cancelAtGateway(ctx, link.providerLinkId, log);
  return toView(ctx.db, link);
}

export type LinkSettlement = 'applied' | 'held' | 'duplicate' | 'ignored';

/** bill.updated on commit: the desk waiting on this link (any console, any process) refetches. */
function announce(events: EventBus, tx: Tx, link: Pick<LinkRow, 'organisationId' | 'billId' | 'id'>): Promise<void> {
  return events.publish(link.organisationId, { type: 'bill.updated', billId: link.billId, linkId: link.id }, tx);
}

/**
 * Desk money just took the bill's due below what its live links ask (settled it, or nearly):
 * paying them now could only be held, so they end here, in the payment's transaction; the
 * caller cancels them at the gateway after the commit (cancelAtGateway), so the patient cannot
 * pay twice. A link the patient pays in that race is held by settleBillPaymentLink, not credited.
 */
export async function cancelLinksBeyond(tx: Tx, billId: string, duePaise: number): Promise<string[]> {
  const ended = await tx
    .update(billPaymentLinks)
    .set({ status: 'CANCELLED' })
    .where(and(eq(billPaymentLinks.billId, billId), eq(billPaymentLinks.status, 'ACTIVE'), gt(billPaymentLinks.amountPaise, duePaise)))
    .returning({ providerLinkId: billPaymentLinks.providerLinkId });
  return ended.map((link) => link.providerLinkId);
}

/**
 * The gateway says a link was paid (Razorpay's payment_link.paid, or test mode's patient). In
 * the caller's transaction, under the link's row lock: a link already PAID or HELD changes
 * nothing, so a webhook delivered twice, or twice at once, credits once. Money that arrives for
 * a bill already settled another way (a cancelled or replaced link paid in a race) is HELD, not
 * credited: the bill cannot take more than it owes, and the patient is refunded through the
 * gateway's dashboard.
 */
export async function settleBillPaymentLink(tx: Tx, events: EventBus, providerLinkId: string, paymentId: string, amountPaise: number, log: Log): Promise<LinkSettlement> {
  const [link] = await tx.select().from(billPaymentLinks).where(eq(billPaymentLinks.providerLinkId, providerLinkId)).for('update');
  if (!link) {
    log.warn({ providerLinkId }, 'Payment for a link this server did not make: ignored');
    return 'ignored';
  }
  if (link.status === 'PAID' || link.status === 'HELD') return 'duplicate';
  if (amountPaise !== link.amountPaise) {
    log.warn({ providerLinkId, paid: amountPaise, linked: link.amountPaise }, 'Payment amount differs from its link: not applied');
    return 'ignored';
  }
  const [bill] = await tx.select().from(bills).where(eq(bills.id, link.billId)).for('update');
  if (!bill) return 'ignored';
  const paid = { providerPaymentId: paymentId, paidAt: new Date() };
  if (bill.totalPaise - bill.paidPaise < amountPaise) {
    await tx
      .update(billPaymentLinks)
      .set({ status: 'HELD', ...paid })
      .where(eq(billPaymentLinks.id, link.id));
    log.warn({ providerLinkId }, 'Payment link paid after its bill was settled: held for a refund');
    // The patient's money is at the gateway and no screen of the desk is waiting on this link any
    // more: the admins, who can refund it, are told where they will see it.
    const [organisation] = await tx.select({ id: organisations.id, type: organisations.type }).from(organisations).where(eq(organisations.id, bill.organisationId));
    await notifyStaffOfArea(
      tx,
      events,
      organisation!,
      'settings',
      {
        type: 'payment-held',
        word: (language) => ({
          title: translate(language, 'notifications.paymentHeld'),
          message: translate(language, 'notifications.paymentHeldMessage', { amount: rupeesText(amountPaise), bill: bill.number }),
        }),
        details: {},
      },
      ['ADMIN'],
    );
    await announce(events, tx, link);
    return 'held';
  }
  const [organisation] = await tx.select({ timeZone: organisations.timeZone }).from(organisations).where(eq(organisations.id, bill.organisationId));
  const book = bookOf(bill);
  const businessDate = await openEntryDay(tx, book, todayIn(organisation!.timeZone));
  const { receiptPrefix } = await resolveBook(tx, bill.organisationId, bill.facilityId);
  const numbered = await nextDocumentNumber(tx, book, 'RECEIPT', businessDate, receiptPrefix);
  const [payment] = await tx
    .insert(billPayments)
    .values({ ...book, billId: bill.id, ...numbered, mode: 'ONLINE', amountPaise, reference: paymentId, providerPaymentId: paymentId, businessDate, receivedBy: link.createdBy })
    .returning({ id: billPayments.id });
  await tx
    .update(bills)
    .set({ paidPaise: sql`${bills.paidPaise} + ${amountPaise}`, updatedAt: new Date() })
    .where(eq(bills.id, bill.id));
  await tx
    .update(billPaymentLinks)
    .set({ status: 'PAID', ...paid, billPaymentId: payment!.id })
    .where(eq(billPaymentLinks.id, link.id));
  await announce(events, tx, link);
  return 'applied';
}

/** The gateway ended a link unpaid (payment_link.cancelled or .expired). */
export async function endBillPaymentLink(tx: Tx, events: EventBus, providerLinkId: string, status: 'CANCELLED' | 'EXPIRED'): Promise<LinkSettlement> {
  const [ended] = await tx
    .update(billPaymentLinks)
    .set({ status })
    .where(and(eq(billPaymentLinks.providerLinkId, providerLinkId), eq(billPaymentLinks.status, 'ACTIVE')))
    .returning({ id: billPaymentLinks.id, organisationId: billPaymentLinks.organisationId, billId: billPaymentLinks.billId });
  if (!ended) return 'ignored';
  await announce(events, tx, ended);
  return 'applied';
}

/**
 * Test mode's patient paying the link (POST /api/billing/payment-links/{id}/simulated-pay): the
 * same settlement as Razorpay's webhook. An expired or cancelled link cannot be paid.
 */
export async function paySimulatedLink(ctx: Pick<AppContext, 'db' | 'payments' | 'events'>, caller: StaffContext, linkId: string, log: Log): Promise<BillPaymentLink> {
  const gateway = ctx.payments;
  if (gateway.provider !== 'simulated') throw new NotFoundError();
  const link = await linkOf(ctx.db, caller, linkId);
  const view = await toView(ctx.db, link);
  if (view.status === 'EXPIRED' || view.status === 'CANCELLED') throw new ConflictError(`This link is ${view.status === 'EXPIRED' ? 'expired' : 'cancelled'}: make a new one`);
  const { paymentId } = gateway.completePaymentLink(link.providerLinkId);
  await ctx.db.transaction((tx) => settleBillPaymentLink(tx, ctx.events, link.providerLinkId, paymentId, link.amountPaise, log));
  return getBillPaymentLink(ctx.db, caller, linkId);
}
