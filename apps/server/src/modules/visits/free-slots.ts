import { zonedNow, type Slot, type SlotsResponse } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import type { VisitCreate, VisitKind } from './kinds.js';
import { withDayChanges } from './day-changes.js';
import { dayOccupancy } from './owner-day.js';
import { capacityOn, freeSlots, isPast, slotTimesOn } from './slots.js';

/**
 * The free slots of one of an organisation's doctors (or scans and tests) on a date: the staff
 * routes (the caller's organisation) and the patient API (the organisation in the path). The
 * desk's also lists the full slots that have not begun and the day's allowance of extras, so a
 * full day can still be booked as an extra when the desk asks for it; the patient API asks
 * without them (`withExtras: false`): extras are the desk's to give.
 */
export async function listFreeSlots(
  db: Db,
  kind: VisitKind<VisitCreate>,
  organisationId: string,
  ownerId: string,
  date: string,
  now = new Date(),
  options: { withExtras?: boolean } = {},
): Promise<SlotsResponse> {
  const withExtras = options.withExtras ?? true;
  const { owners } = kind;
  const [row] = await db
    .select({ owner: owners, timeZone: organisations.timeZone })
    .from(owners)
    .innerJoin(organisations, eq(organisations.id, owners.organisationId))
    .where(and(eq(owners.id, ownerId), eq(owners.organisationId, organisationId), kind.ownerScope));
  if (!row) throw new NotFoundError(kind.ownerNotFound);
  const owner = await withDayChanges(db, kind, kind.toOwner(row.owner as never), date, date);
  const { timeZone } = row;
  // An inactive owner takes no bookings, so shows no free slots (and offers no extras).
  if (!owner.active) return { date, timeZone, slots: [], ...(withExtras ? { full: [], extras: { allowance: owner.extraPerDay, left: 0 } } : {}) };
  const counts = await dayOccupancy(db, kind, owner.id, date);
  const zoned = zonedNow(timeZone, now);
  const slots = freeSlots(owner.schedule, date, counts.bySlot, zoned);
  if (!withExtras) return { date, timeZone, slots };
  const capacity = capacityOn(owner.schedule, date);
  const full = slotTimesOn(owner.schedule, date)
    .filter((slot) => !isPast(date, slot.start, zoned) && (counts.bySlot.get(slot.start) ?? 0) >= capacity)
    .map((slot): Slot => ({ ...slot, capacity, remaining: 0 }));
  return { date, timeZone, slots, full, extras: { allowance: owner.extraPerDay, left: Math.max(0, owner.extraPerDay - counts.extras) } };
}
