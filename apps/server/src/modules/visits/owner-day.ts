import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { waitlistEntries } from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { VisitKind, VisitOwner } from './kinds.js';
import { text } from '../../lib/i18n/index.js';
import { dayChangeSql, withDayChange } from './day-changes.js';
import { bookableSlot, capacityOn, SLOT_FULL, type DayChange, type SlotTime } from './slots.js';
import { fVisitDate } from './visit-dates.js';

/*
 * How visits take places without overbooking. A slot's room is counted, then a visit inserted:
 * two writes into one owner's day must not both count before either inserts. They take turns on
 * the owner's day, whose token counter row (doctor_day_tokens, service_day_tokens) each locks
 * first. The day, not the owner: bookings of other days of the same doctor no longer wait for
 * each other, and the counter is the row a booking updates anyway. The owner row itself is only
 * share-locked: bookings of one owner run side by side, while an edit or removal of the owner
 * (and the token queue's lock on it) waits for them, and they read the owner as it committed.
 * Under READ COMMITTED each statement sees what committed before it started, so the count after
 * the day's lock sees every visit of the writes that held it before.
 */

type Kind = VisitKind;

/** The owner (doctor, scan or test), share-locked for the rest of the transaction. */
export async function shareOwner(tx: Tx, kind: Kind, organisationId: string, ownerId: string): Promise<VisitOwner> {
  const [row] = await tx
    .select()
    .from(kind.owners)
    .where(and(eq(kind.owners.id, ownerId), eq(kind.owners.organisationId, organisationId), kind.ownerScope))
    .for('share');
  if (!row) throw new NotFoundError(kind.ownerNotFound);
  return kind.toOwner(row as never);
}

function dayCounter(kind: Kind, ownerId: string, date: string): SQL | undefined {
  return and(eq(kind.dayTokenOwnerId, ownerId), eq(kind.dayTokens.date, date));
}

/** A day's counter when it does not exist yet: the day's highest token so far (seeded data), else 0. */
function highestTokenOf(kind: Kind, ownerId: string, date: string): SQL {
  const { visits } = kind;
  return sql`coalesce((select max(${visits.tokenNumber}) from ${visits} where ${kind.visitOwnerId} = ${ownerId} and ${visits.date} = ${date}), 0)`;
}

/** What the day's lock read: the day's change of hours or cap, and its last token handed out. */
export interface LockedDay {
  change: DayChange | null;
  lastToken: number;
}

/**
 * Locks the owner's day for the rest of the transaction (its counter row, created the first
 * time). Every write that puts a visit into an owner's day takes this lock before it counts the
 * slot's room. The same statement reads the day's change of hours or cap (a doctor's day change),
 * answered: the writer already holds the owner's share lock, which a day change waits for
 * (modules/doctors/days.ts), so what it reads here is what the day is until it commits. The
 * counter's last token comes with it: under the lock, the day's next token is that plus one.
 */
export async function lockOwnerDay(tx: Tx, kind: Kind, ownerId: string, date: string): Promise<LockedDay> {
  const { dayTokens } = kind;
  const lock = () =>
    tx
      .select({ lastToken: dayTokens.lastToken, change: dayChangeSql(kind, ownerId, date) })
      .from(dayTokens)
      .where(dayCounter(kind, ownerId, date))
      .for('update');
  const [locked] = await lock();
  if (locked) return locked;
  // Two first writes of a day both get here: the second insert waits for the first and does nothing.
  await tx
    .insert(dayTokens)
    .values({ [kind.keys.dayTokenOwner]: ownerId, date, lastToken: highestTokenOf(kind, ownerId, date) } as never)
    .onConflictDoNothing();
  const [row] = await lock();
  return row ?? { change: null, lastToken: 0 };
}

/** lockOwnerDay(), answering the owner with that day's hours and cap as they are (slots.ts windowsOn, capacityOn). */
export async function lockDayOf(tx: Tx, kind: Kind, owner: VisitOwner, date: string): Promise<VisitOwner> {
  return (await lockDayWithToken(tx, kind, owner, date)).owner;
}

/** lockDayOf(), with the day's last token handed out (the next is that plus one while the lock is held). */
export async function lockDayWithToken(tx: Tx, kind: Kind, owner: VisitOwner, date: string): Promise<{ owner: VisitOwner; lastToken: number }> {
  const { change, lastToken } = await lockOwnerDay(tx, kind, owner.id, date);
  return { owner: withDayChange(owner, date, change), lastToken };
}

/** A slot's live visits that take its room: extras (overbooked) sit beside it, counted apart (extrasOfDay). */
function liveInSlot(tx: Tx, kind: Kind, ownerId: string, date: string, startTime: string) {
  const { visits } = kind;
  return tx
    .select({ n: count() })
    .from(visits)
    .where(
      and(
        eq(kind.visitOwnerId, ownerId),
        eq(visits.date, date),
        eq(visits.startTime, startTime),
        eq(visits.overbooked, false),
        inArray(visits.status, kind.liveStatuses as never[]),
      ),
    );
}

/** Whether an OFFERED waitlist entry of the owner's day still holds its slot (modules/waitlist): its hold has not run out. */
function holding(kind: Kind, ownerId: string, date: string): SQL | undefined {
  return and(
    eq(waitlistEntries.kind, kind.name),
    eq(waitlistEntries.ownerId, ownerId),
    eq(waitlistEntries.date, date),
    eq(waitlistEntries.status, 'OFFERED'),
    sql`${waitlistEntries.offerExpiresAt} > now()`,
  );
}

/** A slot's places held for waitlisted patients it was offered to: taken, for everyone else. */
function heldInSlot(tx: Tx, kind: Kind, ownerId: string, date: string, startTime: string) {
  return tx
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(holding(kind, ownerId, date), eq(waitlistEntries.offeredStart, startTime)));
}

/** The SQL count of a slot's taken places: its live visits and the places held for an offer. */
function takenInSlotSql(tx: Tx, kind: Kind, ownerId: string, date: string, startTime: string): SQL {
  return sql`(${liveInSlot(tx, kind, ownerId, date, startTime)}) + (${heldInSlot(tx, kind, ownerId, date, startTime)})`;
}

/** A slot's taken places, in one round trip under the day's lock. */
async function takenInSlot(tx: Tx, kind: Kind, ownerId: string, date: string, startTime: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(sql`select ${takenInSlotSql(tx, kind, ownerId, date, startTime)} as n`));
  return Number(row?.n ?? 0);
}

/** The day's live extras: a cancelled or no-show extra gives its place in the allowance back. */
function extrasOfDay(tx: Tx, kind: Kind, ownerId: string, date: string) {
  const { visits } = kind;
  return tx
    .select({ n: count() })
    .from(visits)
    .where(and(eq(kind.visitOwnerId, ownerId), eq(visits.date, date), eq(visits.overbooked, true), inArray(visits.status, kind.liveStatuses as never[])));
}

/** The owner takes visits on that date, and the slot is one of its slots that has not started. */
export function slotOf(kind: Kind, owner: VisitOwner, date: string, startTime: string, timeZone: string, now: Date): SlotTime {
  const refusal = kind.refusal(owner, date);
  if (refusal) throw new ConflictError(refusal);
  return bookableSlot(owner.schedule, owner.name, date, startTime, timeZone, now);
}

/**
 * A move's room in its new slot, under the day's lock: a free place, or, when the desk asks for
 * one, an extra in the day's allowance (a visit already an extra of that owner's day keeps its own
 * place among them). Answers whether the visit lands as an extra.
 */
export async function moveRoomIn(tx: Tx, kind: Kind, owner: VisitOwner, date: string, startTime: string, extra: { asked: boolean; already: boolean }): Promise<boolean> {
  if ((await takenInSlot(tx, kind, owner.id, date, startTime)) < capacityOn(owner.schedule, date)) return false;
  if (!extra.asked) throw new ConflictError(SLOT_FULL);
  if (!extra.already && (await dayOccupancy(tx, kind, owner.id, date)).extras >= owner.extraPerDay) throw slotExtraRefusal(owner, date);
  return true;
}

/** The day's next token under its lock, taken only while `condition` holds: no row back, no number taken. */
function nextTokenSql(kind: Kind, owner: VisitOwner, date: string, condition: SQL | undefined): SQL {
  const { dayTokens } = kind;
  return sql`update ${dayTokens} set ${sql.identifier(dayTokens.lastToken.name)} = ${dayTokens.lastToken} + 1
      where ${and(dayCounter(kind, owner.id, date), condition)}
      returning ${dayTokens.lastToken} as token`;
}

/** The slot still has room: fewer taken places than the day's capacity. */
function roomInSlotSql(tx: Tx, kind: Kind, owner: VisitOwner, date: string, startTime: string): SQL {
  return sql`${takenInSlotSql(tx, kind, owner.id, date, startTime)} < ${capacityOn(owner.schedule, date)}`;
}

/**
 * Under the day's lock, in one statement: the day's next token, taken only while the slot holds
 * fewer live visits than its capacity. No row back: the slot is full and no number was taken.
 * The counter never goes back, so a number is never handed out twice, even after a visit moves
 * away; taken under the lock, the numbers of a day have no gaps.
 */
export async function takeToken(tx: Tx, kind: Kind, owner: VisitOwner, date: string, startTime?: string): Promise<number> {
  const room = startTime === undefined ? undefined : roomInSlotSql(tx, kind, owner, date, startTime);
  const [counter] = rowsOf<{ token: number }>(await tx.execute(nextTokenSql(kind, owner, date, room)));
  if (!counter) throw new ConflictError(SLOT_FULL);
  return Number(counter.token);
}

/**
 * takeToken() as a statement to run inside another (book.ts insertBooked, as a CTE), so that a
 * booking's token and its insert are one round trip. Whoever runs it checks that it returned a
 * row, and throws (rolling the insert back) when it did not: the slot was full.
 */
export function claimTokenSql(tx: Tx, kind: Kind, owner: VisitOwner, date: string, startTime: string): SQL {
  return nextTokenSql(kind, owner, date, roomInSlotSql(tx, kind, owner, date, startTime));
}

/** Why an extra is refused: the owner takes none, or the day's are all booked. */
export type ExtraRefusal = (owner: VisitOwner, date: string) => ConflictError;

const slotExtraRefusal: ExtraRefusal = (owner, date) =>
  new ConflictError(
    owner.extraPerDay === 0
      ? text('visits.noExtras', { ownerName: owner.name })
      : text('visits.extrasUsedUp', { ownerName: owner.name, allowance: owner.extraPerDay, date: fVisitDate(date) }),
  );

/**
 * Under the day's lock, in one statement: the day's next token for an extra, taken only while the
 * day's live extras are fewer than the owner's allowance (extraPerDay). Two desks booking the last
 * extra at once take turns on the lock; the second counts the first's and is refused.
 */
export async function takeExtraToken(tx: Tx, kind: Kind, owner: VisitOwner, date: string, refusal: ExtraRefusal = slotExtraRefusal): Promise<number> {
  const fewerExtras = sql`(${extrasOfDay(tx, kind, owner.id, date)}) < ${owner.extraPerDay}`;
  const [counter] = rowsOf<{ token: number }>(await tx.execute(nextTokenSql(kind, owner, date, fewerExtras)));
  if (!counter) throw refusal(owner, date);
  return Number(counter.token);
}

/**
 * Under the day's lock: a place in the slot and the day's next token, or, when the slot is full
 * and the desk asked for it (`overbook`), an extra in the day's allowance. A slot with room is
 * never booked as an extra, so the allowance is kept for when it is needed.
 */
export async function takePlace(tx: Tx, kind: Kind, owner: VisitOwner, date: string, startTime: string, overbook: boolean): Promise<{ tokenNumber: number; overbooked: boolean }> {
  if (!overbook) return { tokenNumber: await takeToken(tx, kind, owner, date, startTime), overbooked: false };
  if ((await takenInSlot(tx, kind, owner.id, date, startTime)) < capacityOn(owner.schedule, date))
    return { tokenNumber: await takeToken(tx, kind, owner, date), overbooked: false };
  return { tokenNumber: await takeExtraToken(tx, kind, owner, date), overbooked: true };
}

/**
 * Each slot's taken places (live visits and places held for a waitlist offer), by start, and the day's live extras: under the day's
 * lock for a booking, or as a plain read for the free-slots list.
 */
export async function dayOccupancy(db: Db, kind: Kind, ownerId: string, date: string): Promise<{ bySlot: Map<string, number>; extras: number }> {
  const { visits } = kind;
  // One after the other: under a booking's lock `db` is its transaction, one connection.
  const rows = await db
    .select({ start: visits.startTime, overbooked: visits.overbooked, n: count() })
    .from(visits)
    .where(and(eq(kind.visitOwnerId, ownerId), eq(visits.date, date), inArray(visits.status, kind.liveStatuses as never[])))
    .groupBy(visits.startTime, visits.overbooked);
  const held = await db
    .select({ start: waitlistEntries.offeredStart, n: count() })
    .from(waitlistEntries)
    .where(holding(kind, ownerId, date))
    .groupBy(waitlistEntries.offeredStart);
  const bySlot = new Map<string, number>();
  let extras = 0;
  for (const row of rows) {
    if (row.overbooked) extras += row.n;
    else bySlot.set(row.start, row.n);
  }
  for (const row of held) if (row.start !== null) bySlot.set(row.start, (bySlot.get(row.start) ?? 0) + row.n);
  return { bySlot, extras };
}
