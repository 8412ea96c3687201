import { todayIn, type Bill, type BillItemKind, type BillStatus, type StandaloneBillInput } from '@caredesk/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { billItems, billPayments, bills, creditNotes, patients, services, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { isDayClosed, lockDayForEntry, nextDocumentNumber, type Book } from './numbering.js';
import { keepBook, resolveBook, type BookSettings } from './settings.js';
import { priceBill } from './totals.js';

export type BillRow = typeof bills.$inferSelect;

export const BILL_NOT_FOUND = 'Bill not found';
export const DAY_CLOSED = "This bill's day is closed: corrections are credit notes";

export function bookOf(bill: Pick<BillRow, 'organisationId' | 'facilityKey'>): Book {
  return { organisationId: bill.organisationId, facilityKey: bill.facilityKey };
}

export function statusOf(bill: Pick<BillRow, 'totalPaise' | 'paidPaise' | 'refundedPaise'>): BillStatus {
  if (bill.refundedPaise > 0 && bill.refundedPaise >= bill.totalPaise) return 'REFUNDED';
  if (bill.paidPaise === 0) return 'UNPAID';
  return bill.paidPaise < bill.totalPaise ? 'PARTLY_PAID' : 'PAID';
}

/** The bill of the caller's organisation, locked until the transaction ends; 404 for anyone else's. */
export async function lockBill(tx: Tx, caller: StaffContext, billId: string): Promise<BillRow> {
  const [row] = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.id, billId), eq(bills.organisationId, caller.organisationId)))
    .for('update');
  if (!row) throw new NotFoundError(BILL_NOT_FOUND);
  return row;
}

/** Items and the discount change only while the bill's day is open (the shared day lock is held until commit). */
export async function assertEditable(tx: Tx, bill: BillRow): Promise<void> {
  await lockDayForEntry(tx, bookOf(bill), bill.businessDate);
  if (await isDayClosed(tx, bookOf(bill), bill.businessDate)) throw new ConflictError(DAY_CLOSED);
}

/** The whole bill as the API answers it. */
export async function loadBill(db: Db | Tx, organisationId: string, billId: string): Promise<Bill> {
  const [row] = await db
    .select({ bill: bills, patientName: patients.name, uhid: patients.uhid, requestedByName: staff.name })
    .from(bills)
    .leftJoin(patients, eq(patients.id, bills.patientId))
    .leftJoin(staff, eq(staff.id, bills.discountRequestedBy))
    .where(and(eq(bills.id, billId), eq(bills.organisationId, organisationId)));
  if (!row) throw new NotFoundError(BILL_NOT_FOUND);
  const { bill } = row;
  const [items, payments, notes, closed] = await Promise.all([
    db.select().from(billItems).where(eq(billItems.billId, billId)).orderBy(asc(billItems.position)),
    db
      .select({ payment: billPayments, by: staff.name })
      .from(billPayments)
      .leftJoin(staff, eq(staff.id, billPayments.receivedBy))
      .where(eq(billPayments.billId, billId))
      .orderBy(asc(billPayments.createdAt), asc(billPayments.sequence)),
    db
      .select({ note: creditNotes, by: staff.name })
      .from(creditNotes)
      .leftJoin(staff, eq(staff.id, creditNotes.issuedBy))
      .where(eq(creditNotes.billId, billId))
      .orderBy(asc(creditNotes.createdAt), asc(creditNotes.sequence)),
    isDayClosed(db, bookOf(bill), bill.businessDate),
  ]);
  return {
    id: bill.id,
    number: bill.number,
    facilityId: bill.facilityId,
    facilityName: bill.facilityName,
    gstin: bill.gstin,
    appointmentId: bill.appointmentId,
    bookingId: bill.bookingId,
    patientId: bill.patientId,
    patientName: row.patientName,
    uhid: row.uhid,
    businessDate: bill.businessDate,
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      serviceId: item.serviceId,
      description: item.description,
      sacCode: item.sacCode,
      quantity: item.quantity,
      unitPricePaise: item.unitPricePaise,
      amountPaise: item.amountPaise,
      discountPaise: item.discountPaise,
      gstRateBp: item.gstRateBp,
      taxPaise: item.taxPaise,
      totalPaise: item.totalPaise,
    })),
    subtotalPaise: bill.subtotalPaise,
    discountPaise: bill.discountPaise,
    discountReason: bill.discountReason,
    taxPaise: bill.taxPaise,
    totalPaise: bill.totalPaise,
    paidPaise: bill.paidPaise,
    refundedPaise: bill.refundedPaise,
    duePaise: bill.totalPaise - bill.paidPaise,
    status: statusOf(bill),
    locked: closed,
    discountRequest:
      bill.requestedDiscountPaise !== null && bill.discountRequestedAt
        ? {
            amountPaise: bill.requestedDiscountPaise,
            reason: bill.requestedDiscountReason ?? '',
            requestedBy: row.requestedByName,
            requestedAt: bill.discountRequestedAt.toISOString(),
          }
        : null,
    payments: payments.map(({ payment, by }) => ({
      id: payment.id,
      receiptNumber: payment.number,
      mode: payment.mode,
      amountPaise: payment.amountPaise,
      reference: payment.reference,
      businessDate: payment.businessDate,
      receivedBy: by,
      createdAt: payment.createdAt.toISOString(),
    })),
    creditNotes: notes.map(({ note, by }) => ({
      id: note.id,
      number: note.number,
      mode: note.mode,
      amountPaise: note.amountPaise,
      reason: note.reason,
      businessDate: note.businessDate,
      issuedBy: by,
      createdAt: note.createdAt.toISOString(),
    })),
    createdAt: bill.createdAt.toISOString(),
  };
}

export interface NewItem {
  kind: BillItemKind;
  serviceId: string | null;
  description: string;
  sacCode: string | null;
  quantity: number;
  unitPricePaise: number;
  gstRateBp: number;
}

/** Re-prices every item and the bill's totals after an item or the discount changed. */
export async function reprice(tx: Tx, bill: BillRow, discountPaise: number, changes: Partial<BillRow> = {}): Promise<void> {
  const items = await tx.select().from(billItems).where(eq(billItems.billId, bill.id)).orderBy(asc(billItems.position));
  const totals = priceBill(items, discountPaise);
  if (totals.totalPaise < bill.paidPaise) {
    throw new ConflictError('The bill would come to less than has been paid: issue a credit note instead', [{ path: 'amountPaise', message: 'Less than has been paid' }]);
  }
  await Promise.all(
    items.map((item, index) => {
      const line = totals.lines[index]!;
      if (line.discountPaise === item.discountPaise && line.taxPaise === item.taxPaise && line.totalPaise === item.totalPaise) return undefined;
      return tx.update(billItems).set(line).where(eq(billItems.id, item.id));
    }),
  );
  await tx
    .update(bills)
    .set({ ...changes, subtotalPaise: totals.subtotalPaise, discountPaise: totals.discountPaise, taxPaise: totals.taxPaise, totalPaise: totals.totalPaise, updatedAt: new Date() })
    .where(eq(bills.id, bill.id));
}

async function insertItems(tx: Tx, bill: Pick<BillRow, 'id' | 'organisationId'>, items: NewItem[], firstPosition: number, caller: StaffContext): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(billItems).values(
    items.map((item, index) => ({
      ...item,
      billId: bill.id,
      organisationId: bill.organisationId,
      position: firstPosition + index,
      amountPaise: item.quantity * item.unitPricePaise,
      totalPaise: item.quantity * item.unitPricePaise,
      createdBy: caller.id,
    })),
  );
}

interface BillStart {
  book: BookSettings;
  patientId: string | null;
  appointmentId?: string;
  bookingId?: string;
  items: NewItem[];
}

/** Numbers and writes a new bill with its items in the caller's transaction. */
export async function insertBill(tx: Tx, caller: StaffContext, today: string, start: BillStart): Promise<string> {
  await keepBook(tx, caller.organisationId, start.book);
  const book = { organisationId: caller.organisationId, facilityKey: start.book.facilityKey };
  await lockDayForEntry(tx, book, today);
  const numbered = await nextDocumentNumber(tx, book, 'INVOICE', today, start.book.invoicePrefix);
  const [row] = await tx
    .insert(bills)
    .values({
      organisationId: caller.organisationId,
      facilityId: start.book.facilityId,
      facilityKey: start.book.facilityKey,
      facilityName: start.book.facilityName,
      gstin: start.book.gstin,
      ...numbered,
      appointmentId: start.appointmentId ?? null,
      bookingId: start.bookingId ?? null,
      patientId: start.patientId,
      businessDate: today,
      createdBy: caller.id,
    })
    .returning();
  await insertItems(tx, row!, start.items, 1, caller);
  await reprice(tx, row!, 0);
  return row!.id;
}

/** Catalogue items (services of the caller's organisation), in the order asked; 400 naming an unknown one. */
async function catalogueItems(tx: Tx, caller: StaffContext, wanted: { serviceId: string; quantity: number }[], path: (index: number) => string): Promise<NewItem[]> {
  const rows = await tx
    .select({ id: services.id, name: services.name, pricePaise: services.pricePaise, sacCode: services.sacCode, gstRateBp: services.gstRateBp, active: services.active })
    .from(services)
    .where(
      and(
        eq(services.organisationId, caller.organisationId),
        inArray(
          services.id,
          wanted.map((item) => item.serviceId),
        ),
      ),
    );
  return wanted.map((item, index) => {
    const service = rows.find((row) => row.id === item.serviceId);
    if (!service || !service.active) throw new BadRequestError(`${path(index)}: Choose an active service`, [{ path: path(index), message: 'Choose an active service' }]);
    return {
      kind: 'SERVICE',
      serviceId: service.id,
      description: service.name,
      sacCode: service.sacCode,
      quantity: item.quantity,
      unitPricePaise: service.pricePaise,
      gstRateBp: service.gstRateBp,
    };
  });
}

/** POST /api/billing/bills: a purchase with no visit (a walk-in's test, a report copy). */
export async function createStandaloneBill(db: Db, caller: StaffContext, input: StandaloneBillInput): Promise<Bill> {
  const today = todayIn(await organisationTimeZone(db, caller.organisationId));
  const billId = await db.transaction(async (tx) => {
    if (input.patientId) {
      const [patient] = await tx
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.id, input.patientId), eq(patients.organisationId, caller.organisationId)));
      if (!patient) throw new BadRequestError('patientId: Choose one of your patients', [{ path: 'patientId', message: 'Choose one of your patients' }]);
    }
    const book = await resolveBook(tx, caller.organisationId, input.facilityId).catch((error: unknown) => {
      if (error instanceof NotFoundError)
        throw new BadRequestError('facilityId: Choose one of your facilities', [{ path: 'facilityId', message: 'Choose one of your facilities' }]);
      throw error;
    });
    const items = await catalogueItems(tx, caller, input.items, (index) => `items.${index}.serviceId`);
    return insertBill(tx, caller, today, { book, patientId: input.patientId ?? null, items });
  });
  return loadBill(db, caller.organisationId, billId);
}

/** POST /api/billing/bills/{id}/items: an extra item from the catalogue, while the bill's day is open. */
export async function addBillItem(db: Db, caller: StaffContext, billId: string, input: { serviceId: string; quantity: number }): Promise<Bill> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, caller, billId);
    await assertEditable(tx, bill);
    const [item] = await catalogueItems(tx, caller, [input], () => 'serviceId');
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${billItems.position}), 0)` })
      .from(billItems)
      .where(eq(billItems.billId, bill.id));
    await insertItems(tx, bill, [item!], Number(last?.position ?? 0) + 1, caller);
    await reprice(tx, bill, bill.discountPaise);
  });
  return loadBill(db, caller.organisationId, billId);
}

/** DELETE /api/billing/bills/{id}/items/{itemId}: while the day is open and the rest still covers what was paid. */
export async function removeBillItem(db: Db, caller: StaffContext, billId: string, itemId: string): Promise<Bill> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, caller, billId);
    await assertEditable(tx, bill);
    const removed = await tx
      .delete(billItems)
      .where(and(eq(billItems.id, itemId), eq(billItems.billId, bill.id)))
      .returning({ id: billItems.id });
    if (removed.length === 0) throw new NotFoundError('Item not found');
    await reprice(tx, bill, bill.discountPaise);
  });
  return loadBill(db, caller.organisationId, billId);
}
