import { zonedNow, type AppEvent } from '@caredesk/shared';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';
import { insertBooked, readBookingFacts, type BookedVisit, type VisitActor } from './book.js';
import type { VisitCreate, VisitKind, VisitOwner } from './kinds.js';
import { visitTransaction, type WriteOptions } from './lifecycle.js';
import { dayOccupancy, lockDayOf, takeExtraToken, takeToken, type ExtraRefusal } from './owner-day.js';
import { capacityOn, slotTimesOn, type SlotTime } from './slots.js';

export interface WalkInInput {
  /** The doctor, scan or test whose queue the patient joins today. */
  ownerId: string;
  patientId: string;
  reason?: string | null | undefined;
}

/** The rest of today is full: an extra, unless the allowance is used up (or there is none). */
const dayFull: ExtraRefusal = (owner) =>
  new ConflictError(
    owner.extraPerDay === 0
      ? text('walkIns.dayFullNoExtras', { ownerName: owner.name })
      : text('walkIns.dayFullExtrasUsedUp', { ownerName: owner.name, allowance: owner.extraPerDay }),
  );

/**
 * Today's slots a walk-in may take: those not yet ended (the one in progress included, unlike a
 * booking's). A refusal names why there are none: inactive, on leave, no hours today, hours over.
 */
function openSlotsToday(kind: VisitKind, owner: VisitOwner, today: { date: string; time: string }): SlotTime[] {
  if (owner.schedule.leaveDates.includes(today.date)) throw new ConflictError(text('walkIns.onLeave', { ownerName: owner.name }));
  const refusal = kind.refusal(owner, today.date);
  if (refusal) throw new ConflictError(refusal);
  const slots = slotTimesOn(owner.schedule, today.date);
  if (slots.length === 0) throw new ConflictError(text('walkIns.noHoursToday', { ownerName: owner.name }));
  const open = slots.filter((slot) => slot.end > today.time);
  if (open.length === 0) throw new ConflictError(text('walkIns.hoursOver', { ownerName: owner.name }));
  return open;
}

/**
 * 'Add walk-in' (QUEUE_ORDER_RULE's note): a patient at the desk joins the owner's queue today,
 * checked in at once. Under the day's lock, as a booking: the first open slot with room (the day's
 * next token), else an extra in the day's allowance in the slot in progress; never beyond it.
 * Source WALK_IN; the staff are told and the queue announced as for any booking.
 */
export async function addWalkIn<C extends VisitCreate>(db: Db, kind: VisitKind<C>, actor: VisitActor, input: WalkInInput, options: WriteOptions = {}): Promise<BookedVisit> {
  const now = options.now ?? new Date();
  return visitTransaction(db, options, async (write) => {
    const { tx } = write;
    const facts = await readBookingFacts(tx, kind as VisitKind, actor, { patientId: input.patientId } as VisitCreate, input.ownerId);
    const { patient } = facts;
    if (!patient) throw new NotFoundError('Patient not found');
    const today = zonedNow(facts.timeZone, now);
    // The day's lock reads today's hours and cap (a doctor's day change): the open slots follow them.
    const owner = await lockDayOf(tx, kind as VisitKind, facts.owner, today.date);
    const open = openSlotsToday(kind as VisitKind, owner, today);
    const { bySlot } = await dayOccupancy(tx, kind as VisitKind, owner.id, today.date);
    const free = open.find((slot) => (bySlot.get(slot.start) ?? 0) < capacityOn(owner.schedule, today.date));
    const slot = free ?? open[0]!;
    // Counted under the lock just taken, the free slot's room cannot go meanwhile.
    const tokenNumber = free ? await takeToken(tx, kind as VisitKind, owner, today.date) : await takeExtraToken(tx, kind as VisitKind, owner, today.date, dayFull);
    const create = { [kind.keys.owner]: owner.id, patientId: patient.id, date: today.date, startTime: slot.start, reason: input.reason ?? null, source: 'WALK_IN' } as unknown as C;
    const visit = await insertBooked(write, kind, actor, create, { ...facts, patient }, slot, { tokenNumber, overbooked: !free, checkedInAt: now });
    // The queue's own event too: the waiting-room display and the patient app follow it.
    const queue: AppEvent = { type: 'token.updated', ...(kind.name === 'appointment' ? { doctorId: owner.id } : { serviceId: owner.id }), date: today.date };
    await write.options.events?.publish(actor.organisationId, queue, tx);
    const event = {
      kind: kind.name,
      visitId: visit.id,
      organisationId: actor.organisationId,
      ownerId: owner.id,
      patientId: patient.id,
      date: today.date,
      actorStaffId: actor.staffId,
    };
    await write.emit({ type: 'booked', ...event });
    await write.emit({ type: 'checked-in', ...event });
    return visit;
  });
}
