import { CANCELLED_BY_PATIENT } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';
import type { VisitActor } from './book.js';
import type { VisitCreate, VisitKind } from './kinds.js';
import { visitTransaction, type VisitLifecycleEvent, type VisitLifecycleEventType, type VisitWrite, type WriteOptions } from './lifecycle.js';
import { lockDayOf, moveRoomIn, shareOwner, slotOf, takeToken } from './owner-day.js';
import { visitNotFound } from './queries.js';
import { assertVisitDayReached, isDayBound, statusAfterMove } from './rules.js';
import { organisationZone } from './slots.js';

/**
 * What the engine needs of any kind; each function below infers the kind's own types from it.
 * Drizzle types a select, insert or update for one table, not for "appointments or bookings":
 * where the engine writes values keyed by `kind.keys` or reads a row of either table, the value
 * is cast (`as never`). The descriptor is what makes those casts hold: its keys and columns are
 * the table's own (kinds.ts), and every path through them is exercised for both kinds in tests.
 */
type Kind<C extends VisitCreate = VisitCreate, A extends string = string, S extends string = string> = VisitKind<C, A, S>;

/**
 * A move asked only of visits in these statuses, checked under the visit's lock: a whole series
 * is cancelled or moved only where its visits are still booked, not one checked in meanwhile.
 */
export type StatusCondition = { onlyFrom?: readonly string[] | undefined };

function allowedFrom(condition: StatusCondition, status: string): boolean {
  return !condition.onlyFrom || condition.onlyFrom.includes(status);
}

/** Raised inside the transaction: pg_notify is delivered when, and only if, it commits. */
async function announce(
  write: VisitWrite,
  kind: Kind,
  organisationId: string,
  visit: { id: string; patientId: string },
  ownerId: string,
  date: string,
  status: string,
): Promise<void> {
  await write.options.events?.publish(organisationId, kind.updatedEvent(visit.id, ownerId, date, status, visit.patientId), write.tx);
}

interface HistoryLine {
  visitId: string;
  organisationId: string;
  byStaffId: string | null;
  action: string;
  fromStatus?: string | null;
  toStatus: string;
  note?: string | null;
}

/** One line of a visit's history: who moved it, from what to what, and why. */
export async function recordHistory(tx: Tx, kind: Kind, line: HistoryLine): Promise<void> {
  const { visitId, ...rest } = line;
  await tx.insert(kind.history).values({ ...rest, [kind.keys.historyVisit]: visitId } as never);
}

/** The visit row, locked for the transaction, with its owner id under one name; another organisation's is "not found". */
export async function lockVisit(tx: Tx, kind: Kind, organisationId: string, id: string) {
  const { visits } = kind;
  const [row] = await tx
    .select({
      id: visits.id,
      ownerId: kind.visitOwnerId,
      patientId: visits.patientId,
      status: visits.status,
      date: visits.date,
      startTime: visits.startTime,
      tokenNumber: visits.tokenNumber,
      amountPaise: kind.visitAmount,
      calledAt: visits.calledAt,
      awaitingConfirmation: visits.awaitingConfirmation,
      overbooked: visits.overbooked,
    })
    .from(visits)
    .where(and(eq(visits.id, id), eq(visits.organisationId, organisationId)))
    .for('update');
  if (!row) throw visitNotFound(kind);
  return row;
}

/**
 * The token queue's clock (schema queueTimes): check-in joins the waiting room, start is being
 * called in (unless the queue already called this visit), complete leaves it.
 */
export function queueTimesOf(action: string, current: { calledAt: Date | null }, now = new Date()) {
  if (action === 'check-in') return { checkedInAt: now };
  if (action === 'start') return { calledAt: current.calledAt ?? now };
  if (action === 'complete') return { completedAt: now };
  return {};
}

/** The lifecycle event a status move is, if it is one ('no-show' is not, yet). */
const LIFECYCLE_OF_ACTION: Partial<Record<string, VisitLifecycleEventType>> = {
  'check-in': 'checked-in',
  start: 'called',
  complete: 'completed',
  cancel: 'cancelled',
};

/**
 * One move along the kind's status graph under the visit's lock, recorded in the history as the
 * actor's (a staff member, or the patient in the app: staffId null). A cancel keeps `note` as its
 * reason.
 */
async function moveVisit<A extends string>(
  db: Db,
  kind: Kind<VisitCreate, A>,
  actor: VisitActor,
  id: string,
  action: A,
  note: string | null,
  options: WriteOptions & StatusCondition,
): Promise<void> {
  await visitTransaction(db, options, (write) => moveVisitIn(write, kind, actor, id, action, note, options));
}

/** moveVisit() inside a visit write the caller opened (a doctor's leave cancels several in one). */
async function moveVisitIn<A extends string>(
  write: VisitWrite,
  kind: Kind<VisitCreate, A>,
  actor: VisitActor,
  id: string,
  action: A,
  note: string | null,
  condition: StatusCondition,
): Promise<void> {
  const { tx, options } = write;
  const target = kind.actionTarget[action];
  const current = await lockVisit(tx, kind, actor.organisationId, id);
  if (!kind.canMove(current.status, target) || !allowedFrom(condition, current.status)) throw new ConflictError(`Cannot ${action}: the ${kind.noun} is ${current.status}`);
  if (isDayBound(action)) await assertVisitDayReached(tx, actor.organisationId, current.date, action, options.now);
  // The patient at the desk confirms their own online booking: the check-in confirms it first.
  const confirms = current.awaitingConfirmation && action === 'check-in';
  await tx
    .update(kind.visits)
    .set({
      status: target,
      updatedAt: new Date(),
      ...queueTimesOf(action, current),
      ...(action === 'cancel' ? { cancelReason: note } : {}),
      // Whatever the move, nothing is left to confirm afterwards (a cancel or no-show ends the wait).
      ...(current.awaitingConfirmation ? { awaitingConfirmation: false } : {}),
    } as never)
    .where(eq(kind.visits.id, id));
  // One history line, not two: lines of one transaction share their time and would show in any order.
  const line = confirms ? (note ? `${CONFIRMED_AT_CHECK_IN}: ${note}` : CONFIRMED_AT_CHECK_IN) : note;
  await recordHistory(tx, kind, {
    visitId: id,
    organisationId: actor.organisationId,
    byStaffId: actor.staffId,
    action,
    fromStatus: current.status,
    toStatus: target,
    note: line,
  });
  if (confirms) await write.emit(lifecycleEvent('confirmed', kind, actor, id, current));
  await announce(write, kind, actor.organisationId, current, current.ownerId, current.date, target);
  const lifecycle = LIFECYCLE_OF_ACTION[action];
  if (lifecycle) await write.emit(lifecycleEvent(lifecycle, kind, actor, id, current));
}

type LockedVisit = Awaited<ReturnType<typeof lockVisit>>;

function lifecycleEvent(type: VisitLifecycleEventType, kind: Kind, actor: VisitActor, id: string, current: LockedVisit): VisitLifecycleEvent {
  return {
    type,
    kind: kind.name,
    visitId: id,
    organisationId: actor.organisationId,
    ownerId: current.ownerId,
    patientId: current.patientId,
    date: current.date,
    actorStaffId: actor.staffId,
  };
}

/** The note of a check-in that also confirmed a visit awaiting the desk's confirmation. */
const CONFIRMED_AT_CHECK_IN = 'Confirmed at check-in';

/**
 * The desk confirms a visit booked in the app that awaits its confirmation: the status stays,
 * the patient is now owed the booking's confirmation and reminders (modules/messages). Under the
 * visit's lock, so a confirm racing a check-in confirms once; the loser hears it is not awaiting.
 */
export async function confirmVisit(db: Db, kind: Kind, actor: VisitActor, id: string, options: WriteOptions = {}): Promise<void> {
  await visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const current = await lockVisit(tx, kind, actor.organisationId, id);
    if (!(kind.liveStatuses as readonly string[]).includes(current.status)) throw new ConflictError(`Cannot confirm: the ${kind.noun} is ${current.status}`);
    if (!current.awaitingConfirmation) throw new ConflictError(`This ${kind.noun} is not awaiting confirmation`);
    await tx
      .update(kind.visits)
      .set({ awaitingConfirmation: false, updatedAt: new Date() } as never)
      .where(eq(kind.visits.id, id));
    await recordHistory(tx, kind, {
      visitId: id,
      organisationId: actor.organisationId,
      byStaffId: actor.staffId,
      action: 'confirmed',
      fromStatus: current.status,
      toStatus: current.status,
    });
    await write.emit(lifecycleEvent('confirmed', kind, actor, id, current));
    await announce(write, kind, actor.organisationId, current, current.ownerId, current.date, current.status);
  });
}

/** check-in, start, complete, cancel (with a reason) or no-show, along the kind's graph (design.md §5). */
export async function actOnVisit<A extends string>(
  db: Db,
  kind: Kind<VisitCreate, A>,
  actor: VisitActor,
  id: string,
  action: A,
  body: { reason?: string | null | undefined },
  options: WriteOptions & StatusCondition = {},
): Promise<void> {
  const reason = body.reason?.trim() || null;
  if (action === 'cancel' && !reason) throw new BadRequestError('Give a reason to cancel', [{ path: 'reason', message: 'Give a reason to cancel' }]);
  await moveVisit(db, kind, actor, id, action, reason, options);
}

/** A staff member's cancel (a reason required) inside a visit write the caller opened: a doctor's leave cancels several in one. */
export async function cancelVisitIn(write: VisitWrite, kind: Kind<VisitCreate, 'cancel'>, actor: VisitActor, id: string, reason: string): Promise<void> {
  const given = reason.trim();
  if (!given) throw new BadRequestError('Give a reason to cancel', [{ path: 'reason', message: 'Give a reason to cancel' }]);
  await moveVisitIn(write, kind, actor, id, 'cancel', given, {});
}

/**
 * A patient cancels their own BOOKED or CHECKED_IN visit in the app (the caller has checked that
 * it is theirs). No reason is required; the history says who cancelled.
 */
export async function cancelVisitByPatient(
  db: Db,
  kind: Kind<VisitCreate, 'cancel'>,
  actor: VisitActor,
  id: string,
  reason: string | undefined,
  options: WriteOptions = {},
): Promise<void> {
  const given = reason?.trim();
  await moveVisit(db, kind, actor, id, 'cancel', given ? `${CANCELLED_BY_PATIENT}: ${given}` : CANCELLED_BY_PATIENT, options);
}

export interface VisitMove {
  /** Another owner (doctor, scan or test) of the same kind; the current one when absent. */
  ownerId?: string | undefined;
  date: string;
  /** The visit's own start time when absent (a bulk reschedule: each keeps its time), read under its lock. */
  startTime?: string | undefined;
  reason?: string | null | undefined;
  /** When the new slot is full, move in as an extra in the day's allowance (the desk asked; never the patient app). */
  overbook?: boolean | undefined;
}

/** Whether a visit in this status may be rescheduled at all: it has not begun (the one rule; bulk.ts names refusals by it). */
export function canReschedule(status: string): boolean {
  return status === 'BOOKED' || status === 'CHECKED_IN';
}

/** Where a rescheduled visit now is: its day, slot and token. */
export interface MovedVisit {
  date: string;
  startTime: string;
  tokenNumber: number;
  tokenPrefix: string | null;
}

/**
 * Moves a BOOKED or CHECKED_IN visit to another slot (of the same or another owner) under the
 * same lock as a booking. A new day or owner means a new token in that owner's day. The actor is
 * a staff member, or the patient in the app (staffId null; the caller has checked the visit is
 * theirs and the online-booking rules).
 */
export async function rescheduleVisit(db: Db, kind: Kind, actor: VisitActor, id: string, input: VisitMove, options: WriteOptions & StatusCondition = {}): Promise<MovedVisit> {
  return visitTransaction(db, options, (write) => rescheduleVisitIn(write, kind, actor, id, input, options));
}

/** rescheduleVisit() inside a visit write the caller opened (a doctor's leave moves several in one). */
export async function rescheduleVisitIn(write: VisitWrite, kind: Kind, actor: VisitActor, id: string, input: VisitMove, condition: StatusCondition = {}): Promise<MovedVisit> {
  const { tx, options } = write;
  const current = await lockVisit(tx, kind, actor.organisationId, id);
  if (!canReschedule(current.status) || !allowedFrom(condition, current.status)) {
    throw new ConflictError(`Cannot reschedule: the ${kind.noun} is ${current.status}`);
  }
  const ownerId = input.ownerId ?? current.ownerId;
  const startTime = input.startTime ?? current.startTime;
  if (ownerId === current.ownerId && input.date === current.date && startTime === current.startTime) {
    throw new BadRequestError('Choose a different time', [{ path: 'startTime', message: `This is the current time of the ${kind.noun}` }]);
  }
  const [previous] = await tx.select({ name: kind.owners.name }).from(kind.owners).where(eq(kind.owners.id, current.ownerId));
  const shared = await shareOwner(tx, kind, actor.organisationId, ownerId);
  const organisation = await organisationZone(tx, actor.organisationId);
  // The same lock as a booking of that day, which reads the day's hours and cap: the slot and its room are checked under it.
  const owner = await lockDayOf(tx, kind, shared, input.date);
  const slot = slotOf(kind, owner, input.date, startTime, organisation.timeZone, options.now ?? new Date());
  const sameDay = ownerId === current.ownerId && input.date === current.date;
  const overbooked = await moveRoomIn(tx, kind, owner, input.date, slot.start, {
    asked: input.overbook === true && actor.staffId !== null,
    already: sameDay && current.overbooked,
  });
  // A patient checked in today and moved to another day is no longer waiting: they check in on the
  // new day (a future visit must not sit in the queue as checked in).
  const { status, times } = statusAfterMove(current.status, current.date, input.date);
  const tokenNumber = sameDay ? current.tokenNumber : await takeToken(tx, kind, owner, input.date);
  await tx
    .update(kind.visits)
    .set({
      [kind.keys.owner]: ownerId,
      ...(kind.repricesOnMove ? { [kind.keys.amount]: ownerId === current.ownerId ? current.amountPaise : owner.amountPaise } : {}),
      facilityId: owner.facilityId,
      date: input.date,
      startTime: slot.start,
      endTime: slot.end,
      tokenNumber,
      // Into a slot with room, an extra takes a real place there; into a full one, the desk's extra.
      overbooked,
      status,
      ...times,
      updatedAt: new Date(),
    } as never)
    .where(eq(kind.visits.id, id));
  const from = `${current.date} ${current.startTime} (${previous?.name ?? kind.unknownOwner})`;
  const note = `from ${from} to ${input.date} ${slot.start} (${owner.name})${input.reason ? `: ${input.reason}` : ''}`;
  await recordHistory(tx, kind, {
    visitId: id,
    organisationId: actor.organisationId,
    byStaffId: actor.staffId,
    action: 'reschedule',
    fromStatus: current.status,
    toStatus: status,
    note,
  });
  // Both days change: the slot left behind is free again, the new one is taken.
  await announce(write, kind, actor.organisationId, current, current.ownerId, current.date, status);
  if (!sameDay) await announce(write, kind, actor.organisationId, current, ownerId, input.date, status);
  await write.emit({
    type: 'rescheduled',
    kind: kind.name,
    visitId: id,
    organisationId: actor.organisationId,
    ownerId,
    patientId: current.patientId,
    date: input.date,
    actorStaffId: actor.staffId,
    left: { ownerId: current.ownerId, date: current.date },
  });
  return { date: input.date, startTime: slot.start, tokenNumber, tokenPrefix: owner.tokenPrefix };
}
