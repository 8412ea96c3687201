import { minutesOfDay, weekdayOf, zonedNow, type AvailabilityWindow, type OrganisationType, type Slot, type ZonedNow } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/index.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.js';
import { text } from '../../lib/i18n/index.js';

/** What the slot engine needs to know about a doctor or a scan/test service. */
export interface SlotSchedule {
  availability: AvailabilityWindow[];
  slotMinutes: number;
  /** patientsPerSlot (capacityPerSlot for services). */
  capacity: number;
  leaveDates: string[];
  /** Days that differ from the week (a doctor's day changes), by date: read by windowsOn and capacityOn. */
  days?: ReadonlyMap<string, DayChange> | undefined;
}

/** One day of an owner that differs from its weekly schedule (doctor_day_overrides). */
export interface DayChange {
  /** The day's hours instead of its weekday's windows ([]: closed); null keeps the weekday's. */
  windows: readonly SlotTime[] | null;
  /** Patients per slot that day; null keeps the schedule's. */
  capacity: number | null;
}

export interface SlotTime {
  start: string;
  end: string;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A date's hours: the day's change if it has one, else its weekday's windows. */
export function windowsOn(schedule: SlotSchedule, date: string): readonly SlotTime[] {
  const changed = schedule.days?.get(date)?.windows;
  if (changed) return changed;
  const weekday = weekdayOf(date);
  return schedule.availability.filter((window) => window.weekday === weekday);
}

/** How many visits each slot of a date takes: the day's change if it sets one, else the schedule's. */
export function capacityOn(schedule: SlotSchedule, date: string): number {
  return schedule.days?.get(date)?.capacity ?? schedule.capacity;
}

/**
 * Every slot of a schedule on a date, ignoring bookings: that date's hours (windowsOn: a day's
 * change, else the weekday's windows) cut into slotMinutes pieces, each ending within its window,
 * in time order. None on a leave date. The one rule every day's slots come from: free slots, a
 * booking's check, a walk-in's place, the calendar's cells.
 */
export function slotTimesOn(schedule: SlotSchedule, date: string): SlotTime[] {
  if (schedule.leaveDates.includes(date) || schedule.slotMinutes <= 0) return [];
  const slots: SlotTime[] = [];
  for (const window of windowsOn(schedule, date)) {
    const end = minutesOfDay(window.end);
    for (let start = minutesOfDay(window.start); start + schedule.slotMinutes <= end; start += schedule.slotMinutes) {
      slots.push({ start: hhmm(start), end: hhmm(start + schedule.slotMinutes) });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

/** A slot that has started (or a date that has gone) can no longer be booked. */
export function isPast(date: string, start: string, now: ZonedNow): boolean {
  return date < now.date || (date === now.date && start < now.time);
}

/**
 * The bookable slots: not past, and holding fewer live visits than the capacity.
 * `liveCounts` maps a slot's start to its live (LIVE_VISIT_STATUSES) visits.
 */
export function freeSlots(schedule: SlotSchedule, date: string, liveCounts: ReadonlyMap<string, number>, now: ZonedNow): Slot[] {
  const capacity = capacityOn(schedule, date);
  return slotTimesOn(schedule, date)
    .filter((slot) => !isPast(date, slot.start, now))
    .map((slot) => ({ ...slot, capacity, remaining: capacity - (liveCounts.get(slot.start) ?? 0) }))
    .filter((slot) => slot.remaining > 0);
}

/**
 * A booking's slot rules before the capacity count: the start is one of the schedule's slots on
 * that date and has not begun in the organisation's zone. Answers the slot (with its end).
 */
export function bookableSlot(schedule: SlotSchedule, ownerName: string, date: string, startTime: string, timeZone: string, now: Date): SlotTime {
  const slot = slotTimesOn({ ...schedule, leaveDates: [] }, date).find((candidate) => candidate.start === startTime);
  if (!slot) {
    const message = text('visits.notASlot', { startTime, ownerName, date });
    throw new BadRequestError(message, [{ path: 'startTime', message }]);
  }
  if (isPast(date, startTime, zonedNow(timeZone, now))) {
    throw new BadRequestError('This time has already passed', [{ path: 'startTime', message: 'This time has already passed' }]);
  }
  return slot;
}

/** Why a full slot is refused. */
export const SLOT_FULL = 'This slot is full: choose another time';

/** The slot holds `live` visits already: refuse when that is its capacity (the caller holds the owner's lock). */
export function assertSlotRoom(live: number, capacity: number): void {
  if (live >= capacity) throw new ConflictError(SLOT_FULL);
}

/** The organisation's zone and type, read inside a booking's transaction. */
export async function organisationZone(tx: Db, organisationId: string): Promise<{ timeZone: string; type: OrganisationType }> {
  const [row] = await tx.select({ timeZone: organisations.timeZone, type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError('Organisation not found');
  return row;
}
