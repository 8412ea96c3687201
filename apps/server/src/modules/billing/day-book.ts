import { todayIn, type DayBook, type DayCloseInput, type ModeTotals, type PaymentMode } from '@caredesk/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { billPayments, bills, creditNotes, dayCloses, patients, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { lockDayForClose, type Book } from './numbering.js';
import { resolveBook } from './settings.js';

function noModes(): ModeTotals {
  return { CASH: 0, UPI: 0, CARD: 0, ONLINE: 0 };
}

interface Entry {
  kind: 'PAYMENT' | 'REFUND';
  id: string;
  number: string;
  billId: string;
  billNumber: string;
  patientName: string | null;
  mode: PaymentMode;
  amountPaise: number;
  staffId: string | null;
  staffName: string | null;
  createdAt: Date;
}

async function entriesOf(db: Db | Tx, book: Book, date: string): Promise<Entry[]> {
  const [payments, refunds] = await Promise.all([
    db
      .select({
        id: billPayments.id,
        number: billPayments.number,
        billId: bills.id,
        billNumber: bills.number,
        patientName: patients.name,
        mode: billPayments.mode,
        amountPaise: billPayments.amountPaise,
        staffId: billPayments.receivedBy,
        staffName: staff.name,
        createdAt: billPayments.createdAt,
      })
      .from(billPayments)
      .innerJoin(bills, eq(bills.id, billPayments.billId))
      .leftJoin(patients, eq(patients.id, bills.patientId))
      .leftJoin(staff, eq(staff.id, billPayments.receivedBy))
      .where(and(eq(billPayments.organisationId, book.organisationId), eq(billPayments.facilityKey, book.facilityKey), eq(billPayments.businessDate, date)))
      .orderBy(asc(billPayments.sequence)),
    db
      .select({
        id: creditNotes.id,
        number: creditNotes.number,
        billId: bills.id,
        billNumber: bills.number,
        patientName: patients.name,
        mode: creditNotes.mode,
        amountPaise: creditNotes.amountPaise,
        staffId: creditNotes.issuedBy,
        staffName: staff.name,
        createdAt: creditNotes.createdAt,
      })
      .from(creditNotes)
      .innerJoin(bills, eq(bills.id, creditNotes.billId))
      .leftJoin(patients, eq(patients.id, bills.patientId))
      .leftJoin(staff, eq(staff.id, creditNotes.issuedBy))
      .where(and(eq(creditNotes.organisationId, book.organisationId), eq(creditNotes.facilityKey, book.facilityKey), eq(creditNotes.businessDate, date)))
      .orderBy(asc(creditNotes.sequence)),
  ]);
  return [...payments.map((row) => ({ ...row, kind: 'PAYMENT' as const })), ...refunds.map((row) => ({ ...row, kind: 'REFUND' as const }))].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.number.localeCompare(b.number),
  );
}

function expectedCash(entries: Entry[]): number {
  return entries.filter((entry) => entry.mode === 'CASH').reduce((sum, entry) => sum + (entry.kind === 'PAYMENT' ? entry.amountPaise : -entry.amountPaise), 0);
}

/**
 * GET /api/billing/day-book?date=&facilityId=: a facility's day — what was received and refunded,
 * by mode and by staff member, the bills made that day and what of them is owed, and its close.
 */
export async function dayBook(db: Db, caller: StaffContext, date: string, facilityId: string | undefined): Promise<DayBook> {
  const bookSettings = await resolveBook(db, caller.organisationId, facilityId);
  const book = { organisationId: caller.organisationId, facilityKey: bookSettings.facilityKey };
  const [entries, [billed], [closed]] = await Promise.all([
    entriesOf(db, book, date),
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<number>`coalesce(sum(${bills.totalPaise}), 0)::float8`,
        due: sql<number>`coalesce(sum(${bills.totalPaise} - ${bills.paidPaise}), 0)::float8`,
      })
      .from(bills)
      .where(and(eq(bills.organisationId, book.organisationId), eq(bills.facilityKey, book.facilityKey), eq(bills.businessDate, date))),
    db
      .select({ close: dayCloses, by: staff.name })
      .from(dayCloses)
      .leftJoin(staff, eq(staff.id, dayCloses.closedBy))
      .where(and(eq(dayCloses.organisationId, book.organisationId), eq(dayCloses.facilityKey, book.facilityKey), eq(dayCloses.businessDate, date))),
  ]);
  const netByMode = noModes();
  const byStaff = new Map<string, DayBook['byStaff'][number]>();
  for (const entry of entries) {
    const signed = entry.kind === 'PAYMENT' ? entry.amountPaise : -entry.amountPaise;
    netByMode[entry.mode] += signed;
    const key = entry.staffId ?? '';
    const person = byStaff.get(key) ?? { staffId: entry.staffId, staffName: entry.staffName, receipts: 0, receivedPaise: 0, refundedPaise: 0, netByMode: noModes() };
    if (entry.kind === 'PAYMENT') {
      person.receipts += 1;
      person.receivedPaise += entry.amountPaise;
    } else person.refundedPaise += entry.amountPaise;
    person.netByMode[entry.mode] += signed;
    byStaff.set(key, person);
  }
  const sum = (kind: Entry['kind']) => entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amountPaise, 0);
  return {
    date,
    facilityId: bookSettings.facilityId,
    bills: billed?.count ?? 0,
    billedPaise: Number(billed?.total ?? 0),
    duePaise: Number(billed?.due ?? 0),
    receivedPaise: sum('PAYMENT'),
    refundedPaise: sum('REFUND'),
    netByMode,
    expectedCashPaise: expectedCash(entries),
    byStaff: [...byStaff.values()].sort((a, b) => (a.staffName ?? '').localeCompare(b.staffName ?? '')),
    entries: entries.map(({ staffId: _staffId, createdAt, ...entry }) => ({ ...entry, createdAt: createdAt.toISOString() })),
    closed: closed
      ? {
          expectedCashPaise: closed.close.expectedCashPaise,
          countedCashPaise: closed.close.countedCashPaise,
          differencePaise: closed.close.countedCashPaise - closed.close.expectedCashPaise,
          note: closed.close.note,
          closedBy: closed.by,
          closedAt: closed.close.closedAt.toISOString(),
        }
      : null,
  };
}

/**
 * POST /api/billing/day-book/close: the cash counted against the book. Takes the day's lock
 * exclusively, so it waits for every entry in flight and counts it; from then on nothing is dated
 * into the day (later money goes to the next open day) and its bills' items and discounts are fixed.
 */
export async function closeDay(db: Db, caller: StaffContext, input: DayCloseInput): Promise<DayBook> {
  const today = todayIn(await organisationTimeZone(db, caller.organisationId));
  if (input.date > today) throw new BadRequestError('date: A day can be closed once it has begun', [{ path: 'date', message: 'A day can be closed once it has begun' }]);
  const bookSettings = await resolveBook(db, caller.organisationId, input.facilityId);
  const book = { organisationId: caller.organisationId, facilityKey: bookSettings.facilityKey };
  await db.transaction(async (tx) => {
    await lockDayForClose(tx, book, input.date);
    const expectedCashPaise = expectedCash(await entriesOf(tx, book, input.date));
    const inserted = await tx
      .insert(dayCloses)
      .values({ ...book, businessDate: input.date, expectedCashPaise, countedCashPaise: input.countedCashPaise, note: input.note || null, closedBy: caller.id })
      .onConflictDoNothing()
      .returning({ id: dayCloses.id });
    if (inserted.length === 0) throw new ConflictError('This day is already closed');
  });
  return dayBook(db, caller, input.date, input.facilityId);
}
