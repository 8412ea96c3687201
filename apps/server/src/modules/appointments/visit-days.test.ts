import type { Appointment, Booking, ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { DAY_TIMES, indiaDate, indiaDay, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, staffClients, type ApiClient } from '../../test/fixtures.js';

/** Open all day, every day, in 15-minute slots: 00:00 to 23:30 (the last that ends by 23:59). */
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));

/** India's wall time now (HH:mm), by the pinned clock. */
function indiaTime(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(11, 16);
}

/** The first 15-minute slot of an all-day schedule that has not begun at `time`, or undefined after 23:30. */
function firstSlotFrom(time: string): string | undefined {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const start = Math.ceil((hours * 60 + minutes) / 15) * 15;
  if (start > 23 * 60 + 30) return undefined;
  return `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
}

interface Slots {
  date: string;
  timeZone: string;
  slots: { start: string }[];
}

/**
 * Which day is today, which slots of it have passed and which dates are behind us are India's
 * (the organisation's zone), at any hour: at 00:05 there UTC is still on yesterday at 18:35, and
 * at 23:55 every slot of today has begun.
 */
describe.each(drivers)("visit days follow the organisation's midnight (%s)", (driver) => {
  const t = useTestApp(driver);

  describe.each(DAY_TIMES)('at $label', (wall) => {
    pinClockAt(wall);
    let admin: ApiClient;
    let patient: { id: string };
    beforeAll(async () => {
      ({ admin } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' })));
      patient = await addPatient(admin, { name: 'Kavya Menon' });
    });

    it("offers today's slots not yet begun in India and all of tomorrow's; books them, and refuses India's yesterday as passed", async () => {
      const doctor = await addDoctor(admin, { availability: ALL_DAY, slotMinutes: 15 });
      const today = indiaDate();
      const slotsOn = async (date: string) => (await admin.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json<Slots>();

      const todays = await slotsOn(today);
      const expected = firstSlotFrom(indiaTime());
      expect(todays).toMatchObject({ date: today, timeZone: 'Asia/Kolkata' });
      expect(todays.slots[0]?.start).toBe(expected);
      expect((await slotsOn(indiaDay(1))).slots[0]?.start).toBe('00:00');
      expect((await slotsOn(indiaDay(-1))).slots).toEqual([]);

      const book = (date: string, startTime: string) => admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime });
      if (expected) {
        const booked = await book(today, expected);
        expect(booked.statusCode, booked.body).toBe(201);
        expect(booked.json<Appointment>()).toMatchObject({ date: today, startTime: expected });
      }
      const lastOfYesterday = await book(indiaDay(-1), '23:30');
      expect(lastOfYesterday.statusCode).toBe(400);
      expect(lastOfYesterday.json<ErrorBody>().message).toBe('This time has already passed');
      expect((await book(indiaDay(1), '00:00')).statusCode).toBe(201);
    });

    it("does the same for a scan's places", async () => {
      const scan = await addScan(admin, { availability: ALL_DAY, durationMinutes: 15 });
      const today = indiaDate();
      const slotsOn = async (date: string) => (await admin.get(`/api/services/${scan.id}/slots?date=${date}`)).json<Slots>();

      const expected = firstSlotFrom(indiaTime());
      expect((await slotsOn(today)).slots[0]?.start).toBe(expected);
      expect((await slotsOn(indiaDay(-1))).slots).toEqual([]);

      const book = (date: string, startTime: string) => admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date, startTime });
      if (expected) expect((await book(today, expected)).json<Booking>()).toMatchObject({ date: today, startTime: expected });
      expect((await book(indiaDay(-1), '23:30')).statusCode).toBe(400);
      expect((await book(indiaDay(1), '00:00')).statusCode).toBe(201);
    });
  });
});
