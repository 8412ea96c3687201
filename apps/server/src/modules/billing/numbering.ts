import { addDays, financialYearOf, formatDocumentNumber } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { billingSequences, dayCloses } from '../../db/schema/index.js';

export type DocumentKind = 'INVOICE' | 'RECEIPT' | 'CREDIT_NOTE';

/** The facility key of an organisation without facilities (design.md §5: facilities may be none). */
export const NO_FACILITY = '00000000-0000-0000-0000-000000000000';

export interface Book {
  organisationId: string;
  facilityKey: string;
}

export interface DocumentNumber {
  number: string;
  financialYear: string;
  sequence: number;
}

/**
 * The next number of a kind of document in the book's financial year. The counter row is taken
 * with an upsert inside the caller's transaction: it stays locked until that transaction ends,
 * so concurrent documents queue for it, and a rollback hands the number back. Numbers are
 * therefore gap-free and unique per facility, financial year and kind, on PostgreSQL and PGlite.
 */
export async function nextDocumentNumber(tx: Tx, book: Book, kind: DocumentKind, businessDate: string, prefix: string): Promise<DocumentNumber> {
  const financialYear = financialYearOf(businessDate);
  const [row] = await tx
    .insert(billingSequences)
    .values({ ...book, financialYear, kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [billingSequences.organisationId, billingSequences.facilityKey, billingSequences.financialYear, billingSequences.kind],
      set: { lastNumber: sql`${billingSequences.lastNumber} + 1` },
    })
    .returning({ sequence: billingSequences.lastNumber });
  const sequence = row!.sequence;
  return { number: formatDocumentNumber(prefix, financialYear, sequence), financialYear, sequence };
}

/** One advisory lock key per book and day: money dated into a day and that day's close exclude each other. */
function dayLockKey(book: Book, date: string) {
  return sql`hashtextextended(${`billing-day:${book.organisationId}:${book.facilityKey}:${date}`}, 0)`;
}

/** Entries dated into a day hold this (shared) lock until they commit, so a close counts them all. */
export async function lockDayForEntry(tx: Tx, book: Book, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${dayLockKey(book, date)})`);
}

/** Closing a day takes the same lock exclusively: it waits for entries in flight, and new ones wait for it. */
export async function lockDayForClose(tx: Tx, book: Book, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${dayLockKey(book, date)})`);
}

export async function isDayClosed(tx: Db | Tx, book: Book, date: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dayCloses.id })
    .from(dayCloses)
    .where(and(eq(dayCloses.organisationId, book.organisationId), eq(dayCloses.facilityKey, book.facilityKey), eq(dayCloses.businessDate, date)));
  return row !== undefined;
}

/**
 * The day money taken now is booked on, locked for the entry: today, or, once today's book has
 * been closed, the next day still open (what the desk takes after counting its cash goes into
 * tomorrow's count, never into a count already made).
 */
export async function openEntryDay(tx: Tx, book: Book, today: string): Promise<string> {
  let date = today;
  for (;;) {
    await lockDayForEntry(tx, book, date);
    if (!(await isDayClosed(tx, book, date))) return date;
    date = addDays(date, 1);
  }
}
