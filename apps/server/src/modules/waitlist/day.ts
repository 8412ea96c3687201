import { localDateTimeToInstant, zonedNow, type AppEvent, type WaitlistKind } from '@caredesk/shared';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { waitlistEntries } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/events/bus.js';
import {
  appointmentKind,
  bookingKind,
  dayOccupancy,
  freeSlots,
  lockDayOf,
  organisationZone,
  shareOwner,
  slotTimesOn,
  isPast,
  type VisitKind,
  type VisitOwner,
} from '../visits/index.js';
import { onlineBookingRulesOf } from '../settings/index.js';

/*
 * One owner's day on the waitlist, always under that day's lock (the one every booking of the day
 * takes, modules/visits/owner-day.ts): an offer, a booking and a join of one day take turns, so a
 * freed place is offered once, and never while someone books it.
 */

export const kindOf = (kind: WaitlistKind): VisitKind => (kind === 'appointment' ? appointmentKind : bookingKind) as VisitKind;

/** One owner's day, named as the waitlist names it. */
export interface WaitlistDay {
  organisationId: string;
  kind: WaitlistKind;
  ownerId: string;
  date: string;
}

/** An offer made while settling a day: the patient is owed a message about it, in the same transaction. */
export interface MadeOffer {
  organisationId: string;
  patientId: string;
  entryId: string;
  offeredAt: Date;
}

/** Who hears of an offer: the patient-messages hook (modules/messages), in the offer's transaction. */
export type OnOffer = (tx: Tx, offer: MadeOffer) => Promise<void>;

/** The owner share-locked and its day locked, answered with that day's hours and cap, and the organisation's zone. */
export async function lockWaitlistDay(tx: Tx, day: WaitlistDay): Promise<{ owner: VisitOwner; timeZone: string; kind: VisitKind }> {
  const kind = kindOf(day.kind);
  const shared = await shareOwner(tx, kind, day.organisationId, day.ownerId);
  const { timeZone } = await organisationZone(tx, day.organisationId);
  const owner = await lockDayOf(tx, kind, shared, day.date);
  return { owner, timeZone, kind };
}

const ofDay = (day: WaitlistDay) =>
  and(eq(waitlistEntries.organisationId, day.organisationId), eq(waitlistEntries.kind, day.kind), eq(waitlistEntries.ownerId, day.ownerId), eq(waitlistEntries.date, day.date));

/** The day's slots not yet begun, each with its free places (capacity less live visits and held places). */
export async function freePlacesOf(tx: Tx, kind: VisitKind, owner: VisitOwner, day: WaitlistDay, timeZone: string, now: Date) {
  const { bySlot } = await dayOccupancy(tx, kind, owner.id, day.date);
  return freeSlots(owner.schedule, day.date, bySlot, zonedNow(timeZone, now));
}

/** Whether the day still has slots ahead (a day whose last slot has begun has nothing left to wait for). */
export function hasSlotsAhead(owner: VisitOwner, date: string, timeZone: string, now: Date): boolean {
  const zoned = zonedNow(timeZone, now);
  return slotTimesOn(owner.schedule, date).some((slot) => !isPast(date, slot.start, zoned));
}

/**
 * Under the day's lock: offers that ran out lapse, and each free place with enough time before it
 * starts is offered to the next patient in line, held until the hold ends or the slot starts,
 * whichever is first. A day its owner no longer takes (leave, inactive) offers nothing: its line
 * waits. Answers the offers made; `onOffer` runs for each in this transaction.
 */
export async function settleLockedDay(
  tx: Tx,
  locked: { owner: VisitOwner; timeZone: string; kind: VisitKind },
  day: WaitlistDay,
  now: Date,
  hooks: SettleHooks = {},
): Promise<MadeOffer[]> {
  const lapsed = await tx
    .update(waitlistEntries)
    .set({ status: 'LAPSED', closedAt: now })
    .where(and(ofDay(day), eq(waitlistEntries.status, 'OFFERED'), lte(waitlistEntries.offerExpiresAt, now)))
    .returning({ patientId: waitlistEntries.patientId });
  const offers = await offerFreePlaces(tx, locked, day, now, hooks.onOffer);
  // The desk's panel follows each change; the patient app hears of its own offer.
  const changed = [...offers.map((offer) => offer.patientId), ...(lapsed.length > 0 && offers.length === 0 ? [undefined] : [])];
  if (changed.length > 0)
    await hooks.events?.publishMany(
      day.organisationId,
      changed.map((patientId) => waitlistEvent(day, patientId)),
      tx,
    );
  return offers;
}

/** A day's waitlist changed, for the desk (and, with `patientId`, that patient's app). */
export function waitlistEvent(day: WaitlistDay, patientId?: string): AppEvent {
  return { type: 'waitlist.updated', kind: day.kind, ownerId: day.ownerId, date: day.date, ...(patientId ? { patientId } : {}) };
}

/** What settling a day tells: the patient-messages hook of each offer, and the live events. */
export interface SettleHooks {
  onOffer?: OnOffer | undefined;
  events?: Pick<EventBus, 'publishMany'> | undefined;
}

async function offerFreePlaces(tx: Tx, locked: { owner: VisitOwner; timeZone: string; kind: VisitKind }, day: WaitlistDay, now: Date, onOffer?: OnOffer): Promise<MadeOffer[]> {
  const { owner, timeZone, kind } = locked;
  if (!hasSlotsAhead(owner, day.date, timeZone, now)) {
    // The day is over: nobody is left waiting for it.
    await tx
      .update(waitlistEntries)
      .set({ status: 'LAPSED', closedAt: now })
      .where(and(ofDay(day), inArray(waitlistEntries.status, ['WAITING', 'OFFERED'])));
    return [];
  }
  if (kind.refusal(owner, day.date)) return [];
  // The organisation's own hold and lead (Settings → Online booking), else the shared defaults.
  const { waitlistHoldMinutes, waitlistLeadMinutes } = await onlineBookingRulesOf(tx, day.organisationId);
  const leadEnds = now.getTime() + waitlistLeadMinutes * 60_000;
  const places = (await freePlacesOf(tx, kind, owner, day, timeZone, now))
    .map((slot) => ({ ...slot, at: localDateTimeToInstant(timeZone, day.date, slot.start) }))
    .filter((slot) => slot.at.getTime() >= leadEnds)
    .flatMap((slot) => Array.from({ length: slot.remaining }, () => slot));
  if (places.length === 0) return [];
  const waiting = await tx
    .select({ id: waitlistEntries.id, patientId: waitlistEntries.patientId })
    .from(waitlistEntries)
    .where(and(ofDay(day), eq(waitlistEntries.status, 'WAITING')))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(places.length);
  const offers: MadeOffer[] = [];
  for (const [index, entry] of waiting.entries()) {
    const place = places[index]!;
    const expiresAt = new Date(Math.min(now.getTime() + waitlistHoldMinutes * 60_000, place.at.getTime()));
    await tx.update(waitlistEntries).set({ status: 'OFFERED', offeredStart: place.start, offeredAt: now, offerExpiresAt: expiresAt }).where(eq(waitlistEntries.id, entry.id));
    const offer = { organisationId: day.organisationId, patientId: entry.patientId, entryId: entry.id, offeredAt: now };
    await onOffer?.(tx, offer);
    offers.push(offer);
  }
  return offers;
}

/** The days with someone still in line or holding an offer (the sweep settles each; a past day's line lapses). */
export async function openDays(tx: Db | Tx, limit: number): Promise<WaitlistDay[]> {
  return tx
    .selectDistinct({ organisationId: waitlistEntries.organisationId, kind: waitlistEntries.kind, ownerId: waitlistEntries.ownerId, date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.status, ['WAITING', 'OFFERED']))
    .limit(limit);
}
