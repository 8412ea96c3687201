import { addDays, type Appointment, type AppointmentSeries, type AppointmentSeriesBooked, type ErrorBody } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, notifications, visitSeries } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, bearer, createOrganisation, signIn, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

/**
 * POST /api/appointments/series (issue 21): a patient's recurring appointments, each date booked
 * through the single booking's rules; a leave day, a day off or a full slot is skipped and listed.
 */
describe.each(drivers)('booking a series of appointments (%s)', (driver) => {
  const t = useTestApp(driver);
  let hospital: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    ({ admin, worker } = await staffClients(t.app, hospital));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db)));
  });

  const weekly = (count: number) => ({ every: { n: 1, unit: 'week' }, count });

  it('books every week at one time, skipping a leave day and a full slot, and lists them with why', async () => {
    const monday = upcoming(1);
    const [second, third, fourth] = [1, 2, 3].map((weeks) => addDays(monday, weeks * 7)) as [string, string, string];
    const doctor = await addDoctor(admin, { name: 'Dr. Kavya Rao', specialization: 'Physiotherapy', leaveDates: [second] });
    const [patient, other] = await Promise.all([addPatient(admin, { name: 'Anita Desai' }), addPatient(admin)]);
    expect((await admin.post('/api/appointments', { doctorId: doctor.id, patientId: other.id, date: third, startTime: '10:00' })).statusCode).toBe(201);

    const response = await worker.post('/api/appointments/series', {
      doctorId: doctor.id,
      patientId: patient.id,
      startDate: monday,
      startTime: '10:00',
      ...weekly(4),
      reason: 'Knee rehab',
    });
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json<AppointmentSeriesBooked>();
    expect(booked.series).toMatchObject({
      kind: 'appointment',
      ownerId: doctor.id,
      patientId: patient.id,
      startDate: monday,
      startTime: '10:00',
      every: { n: 1, unit: 'week' },
      count: 4,
      until: null,
      cancelledAt: null,
    });
    expect(booked.visits.map((visit) => [visit.date, visit.startTime, visit.status, visit.reason, visit.seriesId])).toEqual([
      [monday, '10:00', 'BOOKED', 'Knee rehab', booked.series.id],
      [fourth, '10:00', 'BOOKED', 'Knee rehab', booked.series.id],
    ]);
    expect(booked.skipped).toEqual([
      { date: second, reason: 'on-leave', message: `Dr. Kavya Rao is on leave on ${shown(second)}` },
      { date: third, reason: 'slot-full', message: 'This slot is full: choose another time' },
    ]);

    // Each is an ordinary appointment that names its series, its 201 the record itself.
    const read = (await admin.get(`/api/appointments/${booked.visits[0]!.id}`)).json<Appointment>();
    expect(read).toEqual(booked.visits[0]);
    const series = (await admin.get(`/api/appointments/series/${booked.series.id}`)).json<AppointmentSeries>();
    expect(series.visits.map((visit) => visit.id)).toEqual(booked.visits.map((visit) => visit.id));
  });

  it('tells the staff once of the series, and audits each appointment it booked', async () => {
    const doctor = await addDoctor(admin, { name: 'Dr. Nikhil Sen', specialization: 'Nephrology' });
    const patient = await addPatient(admin, { name: 'Farah Khan' });
    const startDate = upcoming(2);
    const response = await worker.post('/api/appointments/series', {
      doctorId: doctor.id,
      patientId: patient.id,
      startDate,
      startTime: '09:00',
      every: { n: 2, unit: 'day' },
      count: 3,
    });
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json<AppointmentSeriesBooked>();
    expect(booked.visits.map((visit) => visit.date)).toEqual([startDate, addDays(startDate, 2), addDays(startDate, 4)]);

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, hospital.id), eq(notifications.recipientStaffId, hospital.admin.id)));
    const ofThisPatient = told.filter((row) => row.details.patientId === patient.id);
    expect(ofThisPatient).toHaveLength(1);
    expect(ofThisPatient[0]).toMatchObject({
      type: 'appointment-created',
      title: 'New series of appointments',
      details: { appointmentId: booked.visits[0]!.id, date: startDate, patientId: patient.id, actorStaffId: hospital.worker.id },
    });
    expect(ofThisPatient[0]!.message).toMatch(/^Farah Khan booked Dr\. Nikhil Sen \(Nephrology\) for 3 visits from .+, 9:00 am, every 2 days$/);

    const entries = (await auditEntriesOf(t.database.db, hospital.id)).filter((entry) => entry.route === 'POST /api/appointments/series');
    const created = entries.filter((entry) => booked.visits.some((visit) => visit.id === entry.entityId));
    expect(created.map((entry) => [entry.action, entry.entity, entry.staffId])).toEqual(Array(3).fill(['create', 'appointments', hospital.worker.id]));
  });

  it('skips the days the doctor does not work, and the dates whose time has passed', async () => {
    const doctor = await addDoctor(admin, { availability: [{ weekday: 1, start: '09:00', end: '13:00' }] });
    const patient = await addPatient(admin);
    const monday = upcoming(1);
    const response = await admin.post('/api/appointments/series', {
      doctorId: doctor.id,
      patientId: patient.id,
      startDate: monday,
      startTime: '09:30',
      every: { n: 1, unit: 'day' },
      count: 3,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { visits, skipped } = response.json<AppointmentSeriesBooked>();
    expect(visits.map((visit) => visit.date)).toEqual([monday]);
    expect(skipped.map((item) => [item.date, item.reason])).toEqual([
      [addDays(monday, 1), 'not-working'],
      [addDays(monday, 2), 'not-working'],
    ]);

    // A Monday of last week or the one before: gone, while the series' last Monday is ahead.
    const lastMonday = addDays(upcoming(3), -9);
    const mondays = await addDoctor(admin, { availability: [{ weekday: 1, start: '09:00', end: '13:00' }] });
    const late = await admin.post('/api/appointments/series', { doctorId: mondays.id, patientId: patient.id, startDate: lastMonday, startTime: '09:30', ...weekly(3) });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json<AppointmentSeriesBooked>().skipped[0]).toEqual({ date: lastMonday, reason: 'past', message: 'This time has already passed' });
  });

  it("follows a day's change of hours: a day without the time is skipped, an extra session is booked", async () => {
    const doctor = await addDoctor(admin);
    const [morning, evening] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const first = upcoming(6);
    const changed = addDays(first, 7);
    const { access_token: token } = await signIn(t.app, hospital.admin.email);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/doctors/${doctor.id}/days/${changed}`,
      headers: bearer(token),
      payload: { windows: [{ start: '17:00', end: '18:00' }] },
    });
    expect(put.statusCode, put.body).toBe(200);

    const usual = (
      await admin.post('/api/appointments/series', { doctorId: doctor.id, patientId: morning.id, startDate: first, startTime: '10:00', ...weekly(3) })
    ).json<AppointmentSeriesBooked>();
    expect(usual.visits.map((visit) => visit.date)).toEqual([first, addDays(first, 14)]);
    expect(usual.skipped.map((item) => [item.date, item.reason])).toEqual([[changed, 'not-working']]);
    const late = (
      await admin.post('/api/appointments/series', { doctorId: doctor.id, patientId: evening.id, startDate: first, startTime: '17:00', ...weekly(3) })
    ).json<AppointmentSeriesBooked>();
    expect(late.visits.map((visit) => visit.date)).toEqual([changed]);
  });

  it('refuses a series none of whose dates can be booked with a 409 naming why, and writes nothing', async () => {
    const doctor = await addDoctor(admin, { name: 'Dr. Leela Menon' });
    const patient = await addPatient(admin);
    const before = await t.database.db.select().from(visitSeries).where(eq(visitSeries.organisationId, hospital.id));
    const response = await admin.post('/api/appointments/series', { doctorId: doctor.id, patientId: patient.id, startDate: upcoming(4), startTime: '15:00', ...weekly(3) });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().message).toBe('None of the series’ dates could be booked: Dr. Leela Menon has no slot at 15:00 on those days');
    expect(await t.database.db.select().from(visitSeries).where(eq(visitSeries.organisationId, hospital.id))).toHaveLength(before.length);
    expect(await t.database.db.select().from(appointments).where(eq(appointments.doctorId, doctor.id))).toHaveLength(0);
  });

  it.each([
    ['count', { ...weekly(60) }],
    ['count', { every: { n: 1, unit: 'week' } }],
    ['until', { ...weekly(3), until: '2099-12-31' }],
    ['until', { every: { n: 1, unit: 'day' }, until: '2099-06-30' }],
    ['count', { every: { n: 4, unit: 'week' }, count: 20 }],
    ['every.n', { every: { n: 0, unit: 'week' }, count: 3 }],
    ['every.unit', { every: { n: 1, unit: 'month' }, count: 3 }],
    ['startTime', { ...weekly(3), startTime: '9.30' }],
  ])('refuses a plan that is no series with a 400 naming %s, and books nothing', async (field, plan) => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const response = await admin.post('/api/appointments/series', { doctorId: doctor.id, patientId: patient.id, startDate: '2099-03-02', startTime: '10:00', ...plan });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
    expect(await t.database.db.select().from(appointments).where(eq(appointments.doctorId, doctor.id))).toHaveLength(0);
  });

  it("answers 404 for another organisation's doctor, patient or series", async () => {
    const [doctor, patient] = await Promise.all([addDoctor(admin), addPatient(admin)]);
    const [theirDoctor, theirPatient] = await Promise.all([addDoctor(outsider), addPatient(outsider)]);
    const plan = { startDate: upcoming(5), startTime: '10:00', ...weekly(2) };
    const withTheirDoctor = await admin.post('/api/appointments/series', { doctorId: theirDoctor.id, patientId: patient.id, ...plan });
    expect([withTheirDoctor.statusCode, withTheirDoctor.json<ErrorBody>().message]).toEqual([404, 'Doctor not found']);
    const withTheirPatient = await admin.post('/api/appointments/series', { doctorId: doctor.id, patientId: theirPatient.id, ...plan });
    expect([withTheirPatient.statusCode, withTheirPatient.json<ErrorBody>().message]).toEqual([404, 'Patient not found']);

    const mine = (await admin.post('/api/appointments/series', { doctorId: doctor.id, patientId: patient.id, ...plan })).json<AppointmentSeriesBooked>();
    expect((await outsider.get(`/api/appointments/series/${mine.series.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`/api/appointments/series/${mine.series.id}/cancel`, { reason: 'Not theirs' })).statusCode).toBe(404);
    expect((await outsider.post(`/api/appointments/series/${mine.series.id}/reschedule`, { startTime: '11:00' })).statusCode).toBe(404);
    const moveToTheirs = await admin.post(`/api/appointments/series/${mine.series.id}/reschedule`, { startTime: '11:00', doctorId: theirDoctor.id });
    expect([moveToTheirs.statusCode, moveToTheirs.json<ErrorBody>().message]).toEqual([404, 'Doctor not found']);
    const kept = (await admin.get(`/api/appointments/series/${mine.series.id}`)).json<AppointmentSeries>();
    expect(kept.visits.map((visit) => [visit.status, visit.startTime, visit.doctorId])).toEqual(Array(2).fill(['BOOKED', '10:00', doctor.id]));
  });
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-06-01' -> '01 Jun 2026', as refusals write a date. */
function shown(date: string): string {
  return `${date.slice(8)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}
