import { eq } from 'drizzle-orm';
import type { Appointment, Booking, ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { DAY_TIMES, indiaDay, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';
import { addDoctor, addPatient, addScan, bearer, createOrganisation, signIn, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { appointmentKind, bookingKind, bookVisit } from '../visits/index.js';

const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:59' }));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-05' -> '05 Nov 2026', written out here rather than taken from the server's code. */
function shown(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
}

/**
 * A visit is checked in, started, completed, marked no-show or given its report only once its day
 * has come in the organisation's zone (India here); a past day stays open so a desk can close
 * yesterday's visits late. At 00:05 IST UTC is still on yesterday, and at 23:55 tomorrow is five
 * minutes away: both must count India's day.
 */
describe.each(drivers)("visit actions wait for the visit's day (%s)", (driver) => {
  const t = useTestApp(driver);

  describe.each(DAY_TIMES)('at $label', (wall) => {
    pinClockAt(wall);
    let org: OrganisationFixture;
    let admin: ApiClient;
    let worker: ApiClient;
    let doctor: { id: string };
    let scan: { id: string };

    beforeAll(async () => {
      org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
      ({ admin, worker } = await staffClients(t.app, org));
      doctor = await addDoctor(admin, { availability: ALL_DAY, slotMinutes: 15, patientsPerSlot: 50 });
      scan = await addScan(admin, { availability: ALL_DAY, durationMinutes: 15, capacityPerSlot: 50 });
    });

    /** A visit `days` from India's today, booked as at that day's midnight (so its slot had not passed). */
    const appointmentOn = async (days: number, startTime = '09:00') => {
      const patient = await addPatient(admin);
      const date = indiaDay(days);
      const id = await bookVisit(
        t.database.db,
        appointmentKind,
        { organisationId: org.id, staffId: org.worker.id },
        { doctorId: doctor.id, patientId: patient.id, date, startTime, source: 'CONSOLE' },
        { now: new Date(`${date}T00:00:00+05:30`) },
      );
      return { id, date };
    };
    const bookingOn = async (days: number, startTime = '09:00') => {
      const patient = await addPatient(admin);
      const date = indiaDay(days);
      const id = await bookVisit(
        t.database.db,
        bookingKind,
        { organisationId: org.id, staffId: org.worker.id },
        { serviceId: scan.id, patientId: patient.id, date, startTime, source: 'CONSOLE' },
        { now: new Date(`${date}T00:00:00+05:30`) },
      );
      return { id, date };
    };
    const onAppointment = (id: string, action: string, body: unknown = {}) => worker.post(`/api/appointments/${id}/actions/${action}`, body);
    const onBooking = (id: string, action: string, body: unknown = {}) => worker.post(`/api/bookings/${id}/actions/${action}`, body);

    it("refuses to check in, start or mark no-show tomorrow's appointment, naming its date; it can still be cancelled", async () => {
      const tomorrow = await appointmentOn(1);
      const checkIn = await onAppointment(tomorrow.id, 'check-in');
      expect(checkIn.statusCode).toBe(409);
      expect(checkIn.json<ErrorBody>().message).toBe(`This visit is on ${shown(tomorrow.date)}; it can be checked in on that day.`);
      const noShow = await onAppointment(tomorrow.id, 'no-show');
      expect(noShow.statusCode).toBe(409);
      expect(noShow.json<ErrorBody>().message).toBe(`This visit is on ${shown(tomorrow.date)}; it can be marked as no-show on that day.`);
      const unchanged = (await worker.get(`/api/appointments/${tomorrow.id}`)).json<Appointment>();
      expect(unchanged.status).toBe('BOOKED');
      expect(unchanged.history?.map((entry) => entry.action)).toEqual(['created']);
      const cancelled = await onAppointment(tomorrow.id, 'cancel', { reason: 'Patient travelling' });
      expect(cancelled.json<Appointment>().status).toBe('CANCELLED');
    });

    it("walks today's appointment to COMPLETED", async () => {
      const today = await appointmentOn(0);
      for (const [action, status] of [
        ['check-in', 'CHECKED_IN'],
        ['start', 'IN_CONSULTATION'],
        ['complete', 'COMPLETED'],
      ] as const) {
        const response = await onAppointment(today.id, action);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<Appointment>().status).toBe(status);
      }
    });

    it("lets the desk close yesterday's visits late: completed, or no-show", async () => {
      const seen = await appointmentOn(-1);
      for (const action of ['check-in', 'start', 'complete']) expect((await onAppointment(seen.id, action)).statusCode).toBe(200);
      const missed = await appointmentOn(-1, '10:00');
      expect((await onAppointment(missed.id, 'no-show')).json<Appointment>().status).toBe('NO_SHOW');
      const missedScan = await bookingOn(-1);
      expect((await onBooking(missedScan.id, 'no-show')).json<Booking>().status).toBe('NO_SHOW');
    });

    it("refuses to check in or complete tomorrow's scan, and to give it a report, naming its date", async () => {
      const tomorrow = await bookingOn(1);
      const checkIn = await onBooking(tomorrow.id, 'check-in');
      expect(checkIn.statusCode).toBe(409);
      expect(checkIn.json<ErrorBody>().message).toBe(`This visit is on ${shown(tomorrow.date)}; it can be checked in on that day.`);

      // A booking completed ahead of its day (as one could be before this rule) still takes no report early.
      await t.database.db.update(bookings).set({ status: 'COMPLETED' }).where(eq(bookings.id, tomorrow.id));
      const token = (await signIn(t.app, org.admin.email)).access_token;
      const upload = (
        await t.app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(token), payload: uploadForm(sampleFiles.pdf, 'report.pdf', { visibility: 'private' }) })
      ).json<{ id: string }>();
      const report = await worker.post(`/api/bookings/${tomorrow.id}/report`, { uploadId: upload.id });
      expect(report.statusCode).toBe(409);
      expect(report.json<ErrorBody>().message).toBe(`This visit is on ${shown(tomorrow.date)}; it can be given its report on that day.`);
      expect((await worker.get(`/api/bookings/${tomorrow.id}`)).json<Booking>().status).toBe('COMPLETED');

      const today = await bookingOn(0);
      for (const action of ['check-in', 'start', 'complete']) expect((await onBooking(today.id, action)).statusCode).toBe(200);
      const ready = await worker.post(`/api/bookings/${today.id}/report`, { uploadId: upload.id });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json<Booking>().status).toBe('REPORT_READY');
    });

    it('sends a checked-in patient moved to another day back to BOOKED, to check in on that day', async () => {
      const today = await appointmentOn(0);
      expect((await onAppointment(today.id, 'check-in')).statusCode).toBe(200);
      const moved = await worker.post(`/api/appointments/${today.id}/reschedule`, { date: indiaDay(2), startTime: '11:00' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<Appointment>()).toMatchObject({ date: indiaDay(2), status: 'BOOKED' });
      expect(moved.json<Appointment>().history?.at(-1)).toMatchObject({ action: 'reschedule', fromStatus: 'CHECKED_IN', toStatus: 'BOOKED' });
      expect((await onAppointment(today.id, 'check-in')).statusCode).toBe(409);

      const scanToday = await bookingOn(0);
      expect((await onBooking(scanToday.id, 'check-in')).statusCode).toBe(200);
      const scanMoved = await worker.post(`/api/bookings/${scanToday.id}/reschedule`, { date: indiaDay(2), startTime: '11:00' });
      expect(scanMoved.json<Booking>()).toMatchObject({ date: indiaDay(2), status: 'BOOKED' });
    });
  });
});
