import { bookingStatuses, DEFAULT_SERVICE_SLOT_MINUTES } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { slotTimesOn } from '../../modules/visits/index.js';
import { buildDemoBookings } from './bookings.js';
import { demoOrganisations } from './demo-data.js';
import { buildDemoRecords } from './records.js';

// 06:30 UTC is 12:00 in Kolkata.
const NOW = new Date('2026-11-21T06:30:00.000Z');
const TODAY = '2026-11-21';
const scanCentre = demoOrganisations.find((demo) => demo.type === 'SCAN')!;

function scanBookings() {
  const records = buildDemoRecords(scanCentre.records, 'org', ['00000000-0000-4000-8000-000000000001'], NOW);
  const services = records.services.map((service, index) => ({
    ...service,
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    facilityId: service.facilityId ?? null,
    availability: service.availability ?? [],
    durationMinutes: service.durationMinutes ?? null,
    capacityPerSlot: service.capacityPerSlot ?? 1,
    active: service.active ?? true,
  }));
  const patientIds = records.patients.map((_, index) => `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
  return { services, result: buildDemoBookings({ seed: 11, organisationId: 'org', services, patientIds, staffId: 'staff', count: 90, now: NOW }) };
}

describe('demo bookings', () => {
  it('are repeatable, sit on real slots of scans and tests within capacity, tokens 1..n per service and day', () => {
    const { services, result } = scanBookings();
    expect(result).toEqual(scanBookings().result);
    expect(result.bookings.length).toBeGreaterThan(60);
    const perSlot = new Map<string, number>();
    const tokens = new Map<string, number[]>();
    for (const booking of result.bookings) {
      const service = services.find((s) => s.id === booking.serviceId)!;
      expect(service.kind).not.toBe('OTHER');
      const schedule = {
        availability: service.availability,
        slotMinutes: service.durationMinutes ?? DEFAULT_SERVICE_SLOT_MINUTES,
        capacity: service.capacityPerSlot,
        leaveDates: [],
      };
      expect(slotTimesOn(schedule, booking.date)).toContainEqual({ start: booking.startTime, end: booking.endTime });
      const slotKey = `${booking.serviceId} ${booking.date} ${booking.startTime}`;
      perSlot.set(slotKey, (perSlot.get(slotKey) ?? 0) + 1);
      expect(perSlot.get(slotKey)).toBeLessThanOrEqual(service.capacityPerSlot);
      const dayKey = `${booking.serviceId} ${booking.date}`;
      tokens.set(dayKey, [...(tokens.get(dayKey) ?? []), booking.tokenNumber]);
      expect(bookingStatuses).toContain(booking.status);
      expect(booking.pricePaise).toBe(service.pricePaise);
    }
    for (const numbers of tokens.values()) expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it('keep the queue clock: checked in before being called, called before finishing; a queue today', () => {
    const { result } = scanBookings();
    for (const booking of result.bookings) {
      if (booking.status === 'COMPLETED') expect(booking.checkedInAt! <= booking.calledAt! && booking.calledAt! <= booking.completedAt!).toBe(true);
      if (booking.status === 'BOOKED') expect(booking.checkedInAt).toBeNull();
      if (booking.status === 'CHECKED_IN') expect([booking.checkedInAt !== null, booking.calledAt]).toEqual([true, null]);
    }
    const today = result.bookings.filter((b) => b.date === TODAY);
    expect(today.some((b) => b.status === 'IN_PROGRESS' || b.status === 'CHECKED_IN')).toBe(true);
    expect(result.history.filter((h) => h.action === 'start').every((h) => h.toStatus === 'IN_PROGRESS')).toBe(true);
  });
});
