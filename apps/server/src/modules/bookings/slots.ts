import { DEFAULT_SERVICE_SLOT_MINUTES, type SlotsResponse } from '@caredesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations, services } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { freeSlots, liveBookingCounts, zonedNow, type SlotSchedule } from '../../lib/slots.js';

/** Only scans and tests take bookings; "other services" are sold, not scheduled. */
export const BOOKABLE_KINDS = ['SCAN', 'TEST'] as const;

export function serviceSchedule(service: Pick<typeof services.$inferSelect, 'availability' | 'durationMinutes' | 'capacityPerSlot'>): SlotSchedule {
  return {
    availability: service.availability,
    slotMinutes: service.durationMinutes ?? DEFAULT_SERVICE_SLOT_MINUTES,
    capacity: service.capacityPerSlot,
    leaveDates: [],
  };
}

/** GET /api/services/:id/slots: the free slots of one of the organisation's scans or tests on a date. */
export async function listServiceSlots(db: Db, organisationId: string, serviceId: string, date: string, now = new Date()): Promise<SlotsResponse> {
  const [row] = await db
    .select({ service: services, timeZone: organisations.timeZone })
    .from(services)
    .innerJoin(organisations, eq(organisations.id, services.organisationId))
    .where(and(eq(services.id, serviceId), eq(services.organisationId, organisationId), inArray(services.kind, BOOKABLE_KINDS)));
  if (!row) throw new NotFoundError('Scan or test not found');
  const { service, timeZone } = row;
  if (!service.active) return { date, timeZone, slots: [] };
  return { date, timeZone, slots: freeSlots(serviceSchedule(service), date, await liveBookingCounts(db, service.id, date), zonedNow(timeZone, now)) };
}
