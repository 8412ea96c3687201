import { addDays, type Appointment, type AppointmentSeries, type AppointmentSeriesBooked, type ErrorBody, type SeriesChangeResult } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { indiaDate, todayInIndiaAt } from '../../test/clock.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers, drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { appointmentKind, bookSeries } from '../visits/index.js';

/**
 * A series as a whole (issue 21): cancelled or moved visit by visit through the single-visit
 * rules, leaving what has begun alone and naming what could not change; one of its visits is
 * still cancelled or moved on its own and stays in the series.
 */
describe.each(drivers)('cancelling and moving a series of appointments (%s)', (driver) => {
  const t = useTestApp(driver);
  let hospital: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    ({ admin } = await staffClients(t.app, hospital));
  });

  const bookWeekly = async (doctorId: string, patientId: string, startDate: string, count: number, startTime = '10:00') => {
    const response = await admin.post('/api/appointments/series', { doctorId, patientId, startDate, startTime, every: { n: 1, unit: 'week' }, count });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AppointmentSeriesBooked>();
  };
  const seriesOf = async (id: string) => (await admin.get(`/api/appointments/series/${id}`)).json<AppointmentSeries>();

  it('cancels the future visits still booked, and leaves one completed or checked in today alone', async () => {
    const doctor = await addDoctor(admin);
    const [first, second] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const today = indiaDate();
    // Booked as at India's midnight, so today's slots are ahead: today's visit is then seen and finished.
    const daily = (patientId: string, startTime: string) =>
      bookSeries(
        t.database.db,
        appointmentKind,
        { organisationId: hospital.id, staffId: hospital.admin.id },
        { ownerId: doctor.id, patientId, startDate: today, startTime, every: { n: 1, unit: 'day' }, count: 3 },
        { language: 'en', now: todayInIndiaAt('00:00') },
      );
    const [completedToday, checkedInToday] = [await daily(first.id, '09:00'), await daily(second.id, '09:15')];
    for (const action of ['check-in', 'start', 'complete']) {
      expect((await admin.post(`/api/appointments/${completedToday.visits[0]!.id}/actions/${action}`, {})).statusCode).toBe(200);
    }
    expect((await admin.post(`/api/appointments/${checkedInToday.visits[0]!.id}/actions/check-in`, {})).statusCode).toBe(200);

    for (const series of [completedToday, checkedInToday]) {
      const response = await admin.post(`/api/appointments/series/${series.series.id}/cancel`, { reason: 'Therapy stopped' });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<SeriesChangeResult>();
      expect(result.changed.map((visit) => visit.date)).toEqual([addDays(today, 1), addDays(today, 2)]);
      expect(result.refused).toEqual([]);
      expect(result.series.cancelledAt).not.toBeNull();
      expect((await seriesOf(series.series.id)).visits.map((visit) => visit.status)).toEqual([series === completedToday ? 'COMPLETED' : 'CHECKED_IN', 'CANCELLED', 'CANCELLED']);
    }
    const cancelled = (await admin.get(`/api/appointments/${completedToday.visits[1]!.id}`)).json<Appointment>();
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Therapy stopped', seriesId: completedToday.series.id });
    expect(cancelled.history?.at(-1)).toMatchObject({ action: 'cancel', fromStatus: 'BOOKED', toStatus: 'CANCELLED', note: 'Therapy stopped' });
  });

  it('a cancel needs a reason, named on its field', async () => {
    const doctor = await addDoctor(admin);
    const booked = await bookWeekly(doctor.id, (await addPatient(admin)).id, upcoming(2), 2);
    const response = await admin.post(`/api/appointments/series/${booked.series.id}/cancel`, { reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['reason']);
    expect((await seriesOf(booked.series.id)).visits.map((visit) => visit.status)).toEqual(['BOOKED', 'BOOKED']);
  });

  it('moves the future visits to a new time and doctor, naming those that cannot move and why', async () => {
    const monday = upcoming(1);
    const [second, third, fourth] = [1, 2, 3].map((weeks) => addDays(monday, weeks * 7)) as [string, string, string];
    // The colleague is on leave in the fourth week, and 11:00 of the second is taken.
    const [doctor, colleague] = await Promise.all([addDoctor(admin, { name: 'Dr. Vikram Shah' }), addDoctor(admin, { name: 'Dr. Ira Sen', leaveDates: [fourth] })]);
    const [patient, other] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const booked = await bookWeekly(doctor.id, patient.id, monday, 4);
    expect((await admin.post('/api/appointments', { doctorId: colleague.id, patientId: other.id, date: second, startTime: '11:00' })).statusCode).toBe(201);

    const response = await admin.post(`/api/appointments/series/${booked.series.id}/reschedule`, { startTime: '11:00', doctorId: colleague.id, reason: 'Evening shift' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<SeriesChangeResult>();
    expect(result.changed.map((visit) => [visit.date, visit.startTime])).toEqual([
      [monday, '11:00'],
      [third, '11:00'],
    ]);
    expect(result.refused.map((visit) => [visit.date, visit.reason, visit.message])).toEqual([
      [second, 'slot-full', 'This slot is full: choose another time'],
      [fourth, 'on-leave', `Dr. Ira Sen is on leave on ${shown(fourth)}`],
    ]);
    expect(result.series).toMatchObject({ startTime: '11:00', ownerId: colleague.id });
    const visits = (await seriesOf(booked.series.id)).visits;
    expect(visits.map((visit) => [visit.date, visit.startTime, visit.doctorName, visit.status])).toEqual([
      [monday, '11:00', 'Dr. Ira Sen', 'BOOKED'],
      [second, '10:00', 'Dr. Vikram Shah', 'BOOKED'],
      [third, '11:00', 'Dr. Ira Sen', 'BOOKED'],
      [fourth, '10:00', 'Dr. Vikram Shah', 'BOOKED'],
    ]);
    const moved = (await admin.get(`/api/appointments/${visits[0]!.id}`)).json<Appointment>();
    expect(moved.history?.at(-1)).toMatchObject({ action: 'reschedule', note: `from ${monday} 10:00 (Dr. Vikram Shah) to ${monday} 11:00 (Dr. Ira Sen): Evening shift` });
  });

  it('moves a series to another doctor; the same time with the same doctor is a 400 on startTime', async () => {
    const [doctor, colleague] = await Promise.all([addDoctor(admin), addDoctor(admin, { name: 'Dr. Asha Pillai' })]);
    const booked = await bookWeekly(doctor.id, (await addPatient(admin)).id, upcoming(3), 2);
    const same = await admin.post(`/api/appointments/series/${booked.series.id}/reschedule`, { startTime: '10:00' });
    expect(same.statusCode).toBe(400);
    expect(same.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['startTime']);

    const response = await admin.post(`/api/appointments/series/${booked.series.id}/reschedule`, { startTime: '10:00', doctorId: colleague.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SeriesChangeResult>()).toMatchObject({ series: { ownerId: colleague.id }, refused: [] });
    expect((await seriesOf(booked.series.id)).visits.map((visit) => visit.doctorName)).toEqual(['Dr. Asha Pillai', 'Dr. Asha Pillai']);
  });

  it('one visit cancelled or moved on its own stays in the series, and the series moves around it', async () => {
    const doctor = await addDoctor(admin);
    const booked = await bookWeekly(doctor.id, (await addPatient(admin)).id, upcoming(4), 3);
    const [first, second, third] = booked.visits as [Appointment, Appointment, Appointment];
    expect((await admin.post(`/api/appointments/${first.id}/actions/cancel`, { reason: 'Travelling' })).statusCode).toBe(200);
    expect((await admin.post(`/api/appointments/${second.id}/reschedule`, { date: addDays(second.date, 1), startTime: '12:00' })).statusCode).toBe(200);
    expect((await admin.get(`/api/appointments/${second.id}`)).json<Appointment>().seriesId).toBe(booked.series.id);

    const result = (await admin.post(`/api/appointments/series/${booked.series.id}/reschedule`, { startTime: '09:30' })).json<SeriesChangeResult>();
    // The cancelled one stays cancelled; the one moved on its own keeps its own day.
    expect(result.changed.map((visit) => [visit.id, visit.date])).toEqual([
      [second.id, addDays(second.date, 1)],
      [third.id, third.date],
    ]);
    expect((await seriesOf(booked.series.id)).visits.map((visit) => [visit.status, visit.startTime])).toEqual([
      ['CANCELLED', '10:00'],
      ['BOOKED', '09:30'],
      ['BOOKED', '09:30'],
    ]);
    const cancelled = await admin.post(`/api/appointments/series/${booked.series.id}/cancel`, { reason: 'Course finished' });
    expect(cancelled.json<SeriesChangeResult>().changed).toHaveLength(2);
    const again = await admin.post(`/api/appointments/series/${booked.series.id}/reschedule`, { startTime: '11:00' });
    expect([again.statusCode, again.json<ErrorBody>().message]).toEqual([409, 'This series is cancelled']);
  });
});

describe.each(bothDrivers)('series booked at the same time (%s)', (driver) => {
  const t = useTestApp(driver);

  it('two series over the same three dates of a one-patient slot book each date exactly once', async () => {
    const { admin, worker } = await staffClients(t.app, await createOrganisation(t.database.db));
    const doctor = await addDoctor(admin, { patientsPerSlot: 1 });
    const [first, second] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const startDate = upcoming(5);
    const plan = { doctorId: doctor.id, startDate, startTime: '10:00', every: { n: 1, unit: 'week' }, count: 3 };
    const responses = await Promise.all([
      admin.post('/api/appointments/series', { ...plan, patientId: first.id }),
      worker.post('/api/appointments/series', { ...plan, patientId: second.id }),
    ]);
    // Whoever takes a day's lock first books it; the other hears it is full (or, with no date left, a 409).
    expect(responses.map((response) => response.statusCode).sort()).toEqual(expect.arrayContaining([201]));
    const booked = responses.filter((response) => response.statusCode === 201).flatMap((response) => response.json<AppointmentSeriesBooked>().visits);
    const dates = [startDate, addDays(startDate, 7), addDays(startDate, 14)];
    expect(booked.map((visit) => visit.date).sort()).toEqual(dates);
    const rows = await t.database.db.select({ date: appointments.date, status: appointments.status }).from(appointments).where(eq(appointments.doctorId, doctor.id));
    expect(rows.map((row) => row.date).sort()).toEqual(dates);
    for (const response of responses.filter((each) => each.statusCode === 201)) {
      const { visits, skipped } = response.json<AppointmentSeriesBooked>();
      expect(skipped.map((item) => item.reason)).toEqual(Array(3 - visits.length).fill('slot-full'));
    }
  });
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-06-01' -> '01 Jun 2026', as refusals write a date. */
function shown(date: string): string {
  return `${date.slice(8)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}
