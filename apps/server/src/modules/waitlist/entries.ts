import { todayIn, type WaitlistEntry, type WaitlistJoin, type WaitlistQuery, type WaitlistStatus } from '@caredesk/shared';
import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { doctors, patients, services, waitlistEntries } from '../../db/schema/index.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { fVisitDate } from '../visits/index.js';
import { freePlacesOf, hasSlotsAhead, lockWaitlistDay, settleLockedDay, waitlistEvent, type SettleHooks, type WaitlistDay } from './day.js';

type EntryRow = typeof waitlistEntries.$inferSelect;

/** The line of open entries of the row's day, to number each entry's place in it. */
const positionSql = sql<number | null>`case when ${waitlistEntries.status} in ('WAITING', 'OFFERED') then (
  select count(*)::int from ${waitlistEntries} w
  where w.kind = ${waitlistEntries.kind} and w.owner_id = ${waitlistEntries.ownerId} and w.date = ${waitlistEntries.date}
    and w.status in ('WAITING', 'OFFERED') and (w.created_at, w.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id})
) end`;

/** The owner's name, from the doctor's row or the scan's or test's. */
const ownerNameSql = sql<string>`coalesce(
  (select d.name from ${doctors} d where ${waitlistEntries.kind} = 'appointment' and d.id = ${waitlistEntries.ownerId}),
  (select s.name from ${services} s where ${waitlistEntries.kind} = 'booking' and s.id = ${waitlistEntries.ownerId}),
  ''
)`;

export const entryColumns = {
  ...getTableColumns(waitlistEntries),
  position: positionSql,
  ownerName: ownerNameSql,
};

type ReadEntry = EntryRow & { position: number | null; ownerName: string };

/** An entry as the API answers it, without whose it is (the desk's and the app's views add that). */
export function entryFields(row: ReadEntry) {
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    date: row.date,
    status: row.status,
    position: row.position,
    offer:
      row.status === 'OFFERED' && row.offeredStart && row.offeredAt && row.offerExpiresAt
        ? { startTime: row.offeredStart, offeredAt: row.offeredAt.toISOString(), expiresAt: row.offerExpiresAt.toISOString() }
        : null,
    // An offer's facts stay on the row once it closes (a lapse only sets status and closed_at), and
    // every offer sets its expiry: the line the day's end lapses unoffered has none.
    wasOffered: row.offerExpiresAt !== null,
    visitId: row.visitId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The desk's entries of one query, patient with each. */
async function readEntries(db: Db | Tx, where: SQL | undefined): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({ ...entryColumns, patient: { id: patients.id, name: patients.name, phone: patients.phone } })
    .from(waitlistEntries)
    .innerJoin(patients, eq(patients.id, waitlistEntries.patientId))
    .where(where)
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  return rows.map((row) => ({ ...entryFields(row), patient: row.patient }));
}

/** One entry of the organisation, or 404 (another organisation's never confirmed). */
export async function readEntry(db: Db | Tx, organisationId: string, id: string): Promise<WaitlistEntry> {
  const [entry] = await readEntries(db, and(eq(waitlistEntries.id, id), eq(waitlistEntries.organisationId, organisationId)));
  if (!entry) throw new NotFoundError('Waitlist entry not found');
  return entry;
}

/** GET /api/waitlist: one owner's day, in the order its patients joined. */
export function listWaitlist(db: Db, organisationId: string, query: WaitlistQuery): Promise<WaitlistEntry[]> {
  return readEntries(
    db,
    and(eq(waitlistEntries.organisationId, organisationId), eq(waitlistEntries.kind, query.kind), eq(waitlistEntries.ownerId, query.ownerId), eq(waitlistEntries.date, query.date)),
  );
}

/**
 * POST /api/waitlist: a patient joins a full day's line, under the day's lock, so that a place
 * freed meanwhile is either seen here (and the desk books it instead) or offered to them after.
 */
export function joinWaitlist(
  db: Db,
  organisationId: string,
  staffId: string | null,
  input: WaitlistJoin,
  events?: SettleHooks['events'],
  now = new Date(),
): Promise<WaitlistEntry> {
  return db.transaction(async (tx) => readEntry(tx, organisationId, await joinWaitlistIn(tx, organisationId, staffId, input, events, now)));
}

/** joinWaitlist() in a transaction the caller opened (the app finds or creates the patient in it); answers the entry's id. */
export async function joinWaitlistIn(
  tx: Tx,
  organisationId: string,
  staffId: string | null,
  input: WaitlistJoin,
  events?: SettleHooks['events'],
  now = new Date(),
): Promise<string> {
  const day: WaitlistDay = { organisationId, kind: input.kind, ownerId: input.ownerId, date: input.date };
  const locked = await lockWaitlistDay(tx, day);
  const { owner, timeZone, kind } = locked;
  if (input.date < todayIn(timeZone, now)) {
    throw new BadRequestError('Choose today or a later date', [{ path: 'date', message: 'Choose today or a later date' }]);
  }
  const [patient] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, input.patientId), eq(patients.organisationId, organisationId)));
  if (!patient) throw new NotFoundError('Patient not found');
  const refusal = kind.refusal(owner, input.date);
  if (refusal) throw new ConflictError(refusal);
  if (!hasSlotsAhead(owner, input.date, timeZone, now)) throw new ConflictError(`${owner.name} has no more slots on ${fVisitDate(input.date)}`);
  if ((await freePlacesOf(tx, kind, owner, day, timeZone, now)).length > 0) {
    throw new ConflictError(`${owner.name} still has free slots on ${fVisitDate(input.date)}: book one of those`);
  }
  const id = crypto.randomUUID();
  try {
    // A savepoint: the refused insert leaves the transaction usable for the 409.
    await tx.transaction((inner) =>
      inner.insert(waitlistEntries).values({ id, organisationId, kind: input.kind, ownerId: owner.id, date: input.date, patientId: patient.id, createdBy: staffId }),
    );
  } catch (error) {
    if (uniqueViolation(error) === 'waitlist_entries_one_place_idx') throw new ConflictError('This patient is already on the waitlist for this day');
    throw error;
  }
  await events?.publishMany(organisationId, [waitlistEvent(day, patient.id)], tx);
  return id;
}

/** Locks one open entry of the organisation under its day's lock, or refuses: 404, or 409 once it has left the line. */
export async function lockEntry(tx: Tx, organisationId: string, id: string, scope?: SQL) {
  const [found] = await tx
    .select({ kind: waitlistEntries.kind, ownerId: waitlistEntries.ownerId, date: waitlistEntries.date })
    .from(waitlistEntries)
    .innerJoin(patients, eq(patients.id, waitlistEntries.patientId))
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.organisationId, organisationId), scope));
  if (!found) throw new NotFoundError('Waitlist entry not found');
  const day: WaitlistDay = { organisationId, ...found };
  // The day first, then the entry: the order every write of the line takes (day.ts).
  const locked = await lockWaitlistDay(tx, day);
  const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
  return { day, locked, entry: entry! };
}

/** What became of an entry that has left the line, as a 409 says it (also a hold that ran out while being taken). */
export const closedWords: Record<Exclude<WaitlistStatus, 'WAITING' | 'OFFERED'>, string> = {
  BOOKED: 'This waitlist place has already been booked',
  DECLINED: 'This offer was declined',
  LAPSED: 'This offer has lapsed: the place went to the next patient',
  LEFT: 'This patient is no longer on the waitlist',
};

/** What a 409 says of an entry whose day ended while it still waited: no offer of it lapsed. */
export const dayEndedWords = 'This day has passed: no place opened for this patient';

/** 409 with what became of an entry that has left the line. */
export function assertOpen(entry: EntryRow): void {
  if (entry.status === 'LAPSED' && entry.offerExpiresAt === null) throw new ConflictError(dayEndedWords);
  if (entry.status !== 'WAITING' && entry.status !== 'OFFERED') throw new ConflictError(closedWords[entry.status]);
}

/**
 * Takes an open entry off the line (the desk's remove, the patient's leave) or declines its offer:
 * a held place goes at once to the next patient waiting.
 */
export async function closeEntry(
  db: Db,
  organisationId: string,
  id: string,
  status: 'LEFT' | 'DECLINED',
  options: SettleHooks & { now?: Date; scope?: SQL | undefined } = {},
): Promise<EntryRow> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const { day, locked, entry } = await lockEntry(tx, organisationId, id, options.scope);
    assertOpen(entry);
    if (status === 'DECLINED' && entry.status !== 'OFFERED') throw new ConflictError('There is no place offered to decline');
    const [closed] = await tx.update(waitlistEntries).set({ status, closedAt: now }).where(eq(waitlistEntries.id, id)).returning();
    if (entry.status === 'OFFERED') await settleLockedDay(tx, locked, day, now, options);
    await options.events?.publishMany(organisationId, [waitlistEvent(day, entry.patientId)], tx);
    return closed!;
  });
}
