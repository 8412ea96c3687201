import { CANCELLED_BY_PATIENT, tokenLabel } from '@caredesk/shared';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import type { VisitCreate, VisitKind, VisitOwner } from './kinds.js';
import { visitTransaction, type VisitLifecycleEvent, type VisitLifecycleEventType, type VisitWrite, type WriteOptions } from './lifecycle.js';
import { notifyStaff, staffOfArea } from './notify-staff.js';
import { visitNotFound } from './queries.js';
import { visitWhen } from './visit-dates.js';
import { assertVisitDayReached, isDayBound, statusAfterMove } from './rules.js';
import { assertSlotRoom, bookableSlot, organisationZone, SLOT_FULL, type SlotTime } from './slots.js';

/**
 * Who books or moves a visit: a staff member at the console, or a patient through the patient API
 * (staffId null, source APP). Either way the organisation comes from the verified token, never
 * from the body.
 */
export interface VisitActor {
  organisationId: string;
  staffId: string | null;
}

export function staffActor(caller: StaffContext): VisitActor {
  return { organisationId: caller.organisationId, staffId: caller.id };
}

/**
 * What the engine needs of any kind; each function below infers the kind's own types from it.
 * Drizzle types a select, insert or update for one table, not for "appointments or bookings":
 * where the engine writes values keyed by `kind.keys` or reads a row of either table, the value
 * is cast (`as never`). The descriptor is what makes those casts hold: its keys and columns are
 * the table's own (kinds.ts), and every path through them is exercised for both kinds in tests.
 */
type Kind<C extends VisitCreate = VisitCreate, A extends string = string, S extends string = string> = VisitKind<C, A, S>;

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

/**
 * The owner (doctor, scan or test), locked for the rest of the transaction. Every booking into an
 * owner's slots takes this lock first, so bookings for one owner run one after another and the
 * count-then-insert below cannot overbook, on PostgreSQL and PGlite alike.
 */
async function lockOwner(tx: Tx, kind: Kind, organisationId: string, ownerId: string): Promise<VisitOwner> {
  const [row] = await tx
    .select()
    .from(kind.owners)
    .where(and(eq(kind.owners.id, ownerId), eq(kind.owners.organisationId, organisationId), kind.ownerScope))
    .for('update');
  if (!row) throw new NotFoundError(kind.ownerNotFound);
  return kind.toOwner(row as never);
}

/** Under the owner lock: the slot exists, has not started and holds fewer live visits than its capacity. */
async function claimSlot(tx: Tx, kind: Kind, owner: VisitOwner, date: string, startTime: string, timeZone: string, now: Date): Promise<SlotTime> {
  const refusal = kind.refusal(owner, date);
  if (refusal) throw new ConflictError(refusal);
  const slot = bookableSlot(owner.schedule, owner.name, date, startTime, timeZone, now);
  const visits = kind.visits;
  const [live] = await tx
    .select({ n: count() })
    .from(visits)
    .where(and(eq(kind.visitOwnerId, owner.id), eq(visits.date, date), eq(visits.startTime, startTime), inArray(visits.status, kind.liveStatuses as never[])));
  assertSlotRoom(live?.n ?? 0, owner.schedule.capacity);
  return slot;
}

/**
 * Under the owner lock, for a new visit: the slot exists and has not started, then, in one
 * statement, the day's next token (nextToken's counter row), taken only while the slot holds
 * fewer live visits than its capacity. No row back: the slot is full and no number was taken.
 */
async function claimSlotToken(tx: Tx, kind: Kind, owner: VisitOwner, date: string, startTime: string, timeZone: string, now: Date): Promise<SlotTime & { tokenNumber: number }> {
  const refusal = kind.refusal(owner, date);
  if (refusal) throw new ConflictError(refusal);
  const slot = bookableSlot(owner.schedule, owner.name, date, startTime, timeZone, now);
  const { visits, dayTokens } = kind;
  const live = tx
    .select({ n: count() })
    .from(visits)
    .where(and(eq(kind.visitOwnerId, owner.id), eq(visits.date, date), eq(visits.startTime, startTime), inArray(visits.status, kind.liveStatuses as never[])));
  const ownerColumn = sql.identifier(kind.dayTokenOwnerId.name);
  const [counter] = rowsOf<{ token: number }>(
    await tx.execute(sql`
      insert into ${dayTokens} (${ownerColumn}, ${sql.identifier(dayTokens.date.name)}, ${sql.identifier(dayTokens.lastToken.name)})
      select ${owner.id}::uuid, ${date}::date, ${firstTokenOf(kind, owner.id, date)}
      where (${live}) < ${owner.schedule.capacity}
      on conflict (${ownerColumn}, ${sql.identifier(dayTokens.date.name)}) do update set ${sql.identifier(dayTokens.lastToken.name)} = ${dayTokens.lastToken} + 1
      returning ${dayTokens.lastToken} as token`),
  );
  if (!counter) throw new ConflictError(SLOT_FULL);
  return { ...slot, tokenNumber: Number(counter.token) };
}

/** A day's first token when its counter row does not exist yet: one after the day's highest (seeded data). */
function firstTokenOf(kind: Kind, ownerId: string, date: string): SQL {
  const { visits } = kind;
  return sql`coalesce((select max(${visits.tokenNumber}) from ${visits} where ${kind.visitOwnerId} = ${ownerId} and ${visits.date} = ${date}), 0) + 1`;
}

/**
 * The next token of an owner on a day, from its counter row (created from the day's visits the
 * first time, e.g. for seeded data). Runs under the owner lock, so numbers have no gaps; the
 * counter never goes back, so a number is never handed out twice, even after a visit moves away.
 */
async function nextToken(tx: Tx, kind: Kind, ownerId: string, date: string): Promise<number> {
  const { dayTokens } = kind;
  const [counter] = await tx
    .insert(dayTokens)
    .values({ [kind.keys.dayTokenOwner]: ownerId, date, lastToken: firstTokenOf(kind, ownerId, date) } as never)
    .onConflictDoUpdate({ target: [kind.dayTokenOwnerId, dayTokens.date], set: { lastToken: sql`${dayTokens.lastToken} + 1` } })
    .returning({ token: dayTokens.lastToken });
  return counter!.token;
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

/** design.md §5: every visit booked tells the staff who can see its kind's area (`recipients`, read before the owner's lock). */
async function notifyBooked(
  write: VisitWrite,
  kind: Kind,
  organisationId: string,
  recipients: readonly { id: string }[],
  visit: {
    id: string;
    actorStaffId: string | null;
    patient: { id: string; name: string };
    owner: VisitOwner;
    date: string;
    startTime: string;
    tokenNumber: number;
    awaitingConfirmation: boolean;
  },
) {
  const { owner } = visit;
  const booked = `${visit.patient.name} booked ${owner.title} for ${visitWhen(visit.date, visit.startTime)} — token ${tokenLabel(visit.tokenNumber, owner.tokenPrefix)}`;
  await notifyStaff(write.tx, write.options.events, organisationId, recipients, {
    type: kind.notification.type,
    title: visit.awaitingConfirmation ? `${kind.notification.title} to confirm` : kind.notification.title,
    message: visit.awaitingConfirmation ? `${booked} — awaiting your confirmation` : booked,
    details: {
      [kind.notification.visitIdKey]: visit.id,
      patientId: visit.patient.id,
      date: visit.date,
      ...(visit.actorStaffId ? { actorStaffId: visit.actorStaffId } : {}),
      ...(owner.img ? { img: owner.img } : {}),
    },
  });
}

/**
 * Books a slot inside a visit write the caller opened (the patient API finds or creates the
 * patient in the same transaction); answers the new visit's id.
 */
export async function bookVisitIn<C extends VisitCreate>(write: VisitWrite, kind: Kind<C>, actor: VisitActor, input: C): Promise<string> {
  const { tx } = write;
  // What needs no lock is read before it: every statement after lockOwner holds up the owner's
  // other bookings until commit. Deleting the patient meanwhile still waits for this insert (the
  // foreign key's row lock), and its visit check then sees the booking.
  const [patient] = await tx
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(eq(patients.id, input.patientId), eq(patients.organisationId, actor.organisationId)));
  const organisation = await organisationZone(tx, actor.organisationId);
  const recipients = await staffOfArea(tx, { id: actor.organisationId, type: organisation.type }, kind.area);
  const owner = await lockOwner(tx, kind, actor.organisationId, kind.ownerIdOf(input));
  if (!patient) throw new NotFoundError('Patient not found');
  const { tokenNumber, ...slot } = await claimSlotToken(tx, kind, owner, input.date, input.startTime, organisation.timeZone, write.options.now ?? new Date());
  const [row] = await tx
    .insert(kind.visits)
    .values({
      organisationId: actor.organisationId,
      facilityId: owner.facilityId,
      [kind.keys.owner]: owner.id,
      [kind.keys.amount]: owner.amountPaise,
      patientId: patient.id,
      date: input.date,
      startTime: slot.start,
      endTime: slot.end,
      tokenNumber,
      reason: input.reason ?? null,
      notes: input.notes ?? null,
      source: input.source,
      awaitingConfirmation: input.awaitingConfirmation ?? false,
      createdBy: actor.staffId,
    } as never)
    .returning({ id: kind.visits.id });
  const visitId = row!.id;
  await recordHistory(tx, kind, { visitId, organisationId: actor.organisationId, byStaffId: actor.staffId, action: 'created', toStatus: 'BOOKED' });
  await notifyBooked(write, kind, actor.organisationId, recipients, {
    id: visitId,
    actorStaffId: actor.staffId,
    patient,
    owner,
    date: input.date,
    startTime: slot.start,
    tokenNumber,
    awaitingConfirmation: input.awaitingConfirmation ?? false,
  });
  await announce(write, kind, actor.organisationId, { id: visitId, patientId: patient.id }, owner.id, input.date, 'BOOKED');
  await write.emit({
    type: 'booked',
    kind: kind.name,
    visitId,
    organisationId: actor.organisationId,
    ownerId: owner.id,
    patientId: patient.id,
    date: input.date,
    actorStaffId: actor.staffId,
  });
  return visitId;
}

/** Books a slot of any kind (lock the owner, claim the slot, take the day's token); answers the new visit's id. */
export async function bookVisit<C extends VisitCreate>(db: Db, kind: Kind<C>, actor: VisitActor, input: C, options: WriteOptions = {}): Promise<string> {
  return visitTransaction(db, options, (write) => bookVisitIn(write, kind, actor, input));
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
  options: WriteOptions,
): Promise<void> {
  const target = kind.actionTarget[action];
  await visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const current = await lockVisit(tx, kind, actor.organisationId, id);
    if (!kind.canMove(current.status, target)) throw new ConflictError(`Cannot ${action}: the ${kind.noun} is ${current.status}`);
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
  });
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
  options: WriteOptions = {},
): Promise<void> {
  const reason = body.reason?.trim() || null;
  if (action === 'cancel' && !reason) throw new BadRequestError('Give a reason to cancel', [{ path: 'reason', message: 'Give a reason to cancel' }]);
  await moveVisit(db, kind, actor, id, action, reason, options);
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
  startTime: string;
  reason?: string | null | undefined;
}

/**
 * Moves a BOOKED or CHECKED_IN visit to another slot (of the same or another owner) under the
 * same lock as a booking. A new day or owner means a new token in that owner's day. The actor is
 * a staff member, or the patient in the app (staffId null; the caller has checked the visit is
 * theirs and the online-booking rules).
 */
export async function rescheduleVisit(db: Db, kind: Kind, actor: VisitActor, id: string, input: VisitMove, options: WriteOptions = {}): Promise<void> {
  await visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const current = await lockVisit(tx, kind, actor.organisationId, id);
    if (current.status !== 'BOOKED' && current.status !== 'CHECKED_IN') throw new ConflictError(`Cannot reschedule: the ${kind.noun} is ${current.status}`);
    const ownerId = input.ownerId ?? current.ownerId;
    if (ownerId === current.ownerId && input.date === current.date && input.startTime === current.startTime) {
      throw new BadRequestError('Choose a different time', [{ path: 'startTime', message: `This is the current time of the ${kind.noun}` }]);
    }
    const [previous] = await tx.select({ name: kind.owners.name }).from(kind.owners).where(eq(kind.owners.id, current.ownerId));
    const owner = await lockOwner(tx, kind, actor.organisationId, ownerId);
    const organisation = await organisationZone(tx, actor.organisationId);
    const slot = await claimSlot(tx, kind, owner, input.date, input.startTime, organisation.timeZone, options.now ?? new Date());
    const sameDay = ownerId === current.ownerId && input.date === current.date;
    // A patient checked in today and moved to another day is no longer waiting: they check in on the
    // new day (a future visit must not sit in the queue as checked in).
    const { status, times } = statusAfterMove(current.status, current.date, input.date);
    await tx
      .update(kind.visits)
      .set({
        [kind.keys.owner]: ownerId,
        ...(kind.repricesOnMove ? { [kind.keys.amount]: ownerId === current.ownerId ? current.amountPaise : owner.amountPaise } : {}),
        facilityId: owner.facilityId,
        date: input.date,
        startTime: slot.start,
        endTime: slot.end,
        tokenNumber: sameDay ? current.tokenNumber : await nextToken(tx, kind, ownerId, input.date),
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
    });
  });
}
