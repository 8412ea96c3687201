import { randomUUID } from 'node:crypto';
import { todayIn, type Bill, type BillPayment, type CreditNote, type PaymentInput, type RefundInput } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { billPayments, bills, creditNotes } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { bookOf, loadBill, lockBill } from './bills.js';
import { nextDocumentNumber, openEntryDay } from './numbering.js';
import { cancelAtGateway, cancelLinksBeyond } from './payment-links.js';
import { resolveBook } from './settings.js';
import { rupeesText } from './totals.js';

/** A receipt or credit note just written: the patient is owed a message about it (modules/messages). */
export interface MoneyMoved {
  organisationId: string;
  patientId: string;
  kind: 'receipt' | 'credit-note';
  id: string;
  staffId: string;
}
/** Runs in the transaction that numbers the document, so the message is owed exactly when the money moved. */
export type OnMoneyMoved = (tx: Tx, moved: MoneyMoved) => Promise<void>;

type Log = { warn(details: object, message: string): void };

/**
 * POST /api/billing/bills/{id}/payments: money received at the desk, with its receipt number.
 * The bill is locked while the payment is numbered and added to it, so concurrent payments never
 * take more than is due; the receipt is dated on the desk's open day (numbering.ts). A live
 * payment link asking more than is then due ends with it, at the gateway after the commit.
 */
export async function collectPayment(
  ctx: Pick<AppContext, 'db' | 'events' | 'payments'>,
  caller: StaffContext,
  billId: string,
  input: PaymentInput,
  log: Log,
  onMoneyMoved?: OnMoneyMoved,
): Promise<BillPayment & { bill: Bill }> {
  const { db } = ctx;
  const today = todayIn(await organisationTimeZone(db, caller.organisationId));
  const { paymentId, endedLinks } = await db.transaction(async (tx) => {
    const bill = await lockBill(tx, caller, billId);
    const due = bill.totalPaise - bill.paidPaise;
    if (due <= 0) throw new ConflictError('Nothing is due on this bill');
    if (input.amountPaise > due) {
      const message = text('billing.onlyDue', { amount: rupeesText(due) });
      throw new BadRequestError(`amountPaise: Only ${rupeesText(due)} is due`, [{ path: 'amountPaise', message }]);
    }
    // The message is owed before the number is taken: its reads stay out of the window in which
    // the facility's counter row is locked, and a rollback takes both back.
    const id = randomUUID();
    if (bill.patientId) await onMoneyMoved?.(tx, { organisationId: caller.organisationId, patientId: bill.patientId, kind: 'receipt', id, staffId: caller.id });
    // Also before the number: links ended and bill.updated (which NOTIFY delivers on commit) stay
    // out of the counter's lock window, where 100 concurrent receipts took a quarter longer.
    const ended = await cancelLinksBeyond(tx, bill.id, due - input.amountPaise);
    await ctx.events.publish(caller.organisationId, { type: 'bill.updated', billId: bill.id }, tx);
    const book = bookOf(bill);
    const businessDate = await openEntryDay(tx, book, today);
    const { receiptPrefix } = await resolveBook(tx, caller.organisationId, bill.facilityId);
    const numbered = await nextDocumentNumber(tx, book, 'RECEIPT', businessDate, receiptPrefix);
    const [payment] = await tx
      .insert(billPayments)
      .values({
        id,
        ...book,
        billId: bill.id,
        ...numbered,
        mode: input.mode,
        amountPaise: input.amountPaise,
        reference: input.reference || null,
        businessDate,
        receivedBy: caller.id,
      })
      .returning({ id: billPayments.id });
    await tx
      .update(bills)
      .set({ paidPaise: sql`${bills.paidPaise} + ${input.amountPaise}`, updatedAt: new Date() })
      .where(eq(bills.id, bill.id));
    return { paymentId: payment!.id, endedLinks: ended };
  });
  for (const providerLinkId of endedLinks) await cancelAtGateway(ctx, providerLinkId, log);
  const bill = await loadBill(db, caller.organisationId, billId);
  return { ...bill.payments.find((payment) => payment.id === paymentId)!, bill };
}

/**
 * POST /api/billing/bills/{id}/refunds: money given back, as a numbered credit note against the
 * bill. Never more than was paid and not yet refunded; nothing is edited, the note is a new entry.
 */
export async function refundPayment(
  ctx: Pick<AppContext, 'db' | 'events'>,
  caller: StaffContext,
  billId: string,
  input: RefundInput,
  onMoneyMoved?: OnMoneyMoved,
): Promise<CreditNote & { bill: Bill }> {
  const { db } = ctx;
  const today = todayIn(await organisationTimeZone(db, caller.organisationId));
  const noteId = await db.transaction(async (tx) => {
    const bill = await lockBill(tx, caller, billId);
    const refundable = bill.paidPaise - bill.refundedPaise;
    if (refundable <= 0) throw new ConflictError('Nothing has been paid on this bill to refund');
    if (input.amountPaise > refundable) {
      const message = text('billing.refundAtMost', { amount: rupeesText(refundable) });
      throw new BadRequestError(`amountPaise: At most ${rupeesText(refundable)} can be refunded`, [{ path: 'amountPaise', message }]);
    }
    const id = randomUUID();
    if (bill.patientId) await onMoneyMoved?.(tx, { organisationId: caller.organisationId, patientId: bill.patientId, kind: 'credit-note', id, staffId: caller.id });
    const book = bookOf(bill);
    const businessDate = await openEntryDay(tx, book, today);
    const { creditNotePrefix } = await resolveBook(tx, caller.organisationId, bill.facilityId);
    const numbered = await nextDocumentNumber(tx, book, 'CREDIT_NOTE', businessDate, creditNotePrefix);
    const [note] = await tx
      .insert(creditNotes)
      .values({ id, ...book, billId: bill.id, ...numbered, mode: input.mode, amountPaise: input.amountPaise, reason: input.reason, businessDate, issuedBy: caller.id })
      .returning({ id: creditNotes.id });
    await tx
      .update(bills)
      .set({ refundedPaise: sql`${bills.refundedPaise} + ${input.amountPaise}`, updatedAt: new Date() })
      .where(eq(bills.id, bill.id));
    await ctx.events.publish(caller.organisationId, { type: 'bill.updated', billId: bill.id }, tx);
    return note!.id;
  });
  const bill = await loadBill(db, caller.organisationId, billId);
  return { ...bill.creditNotes.find((note) => note.id === noteId)!, bill };
}
