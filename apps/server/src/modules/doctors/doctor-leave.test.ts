import { CANCELLED_FOR_LEAVE, type Appointment, type Doctor, type DoctorLeaveResult, type ErrorBody, type LeaveConflict, type VisitsConflict } from '@caredesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

/**
 * Leave over days that already have bookings (issue 21): refused while it would leave visits
 * behind, then in one action the visits are cancelled or moved, each patient told through the
 * usual messages, or nothing changes at all.
 */
describe.each(drivers)('leave over booked days (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let outsider: ApiClient;
  const [first, second] = [daysFromToday(3), daysFromToday(4)];
  const EVERY_MORNING = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '10:00' }));

  const doctorAt = (name: string, patientsPerSlot = 1) => addDoctor(admin, { name, slotMinutes: 20, patientsPerSlot, availability: EVERY_MORNING });
  const book = async (doctorId: string, date: string, startTime: string): Promise<string> => {
    const patient = await addPatient(admin);
    const response = await admin.post('/api/appointments', { doctorId, patientId: patient.id, date, startTime });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Appointment>().id;
  };
  const appointment = async (id: string) => (await admin.get(`/api/appointments/${id}`)).json<Appointment>();
  const leaveOf = async (doctorId: string) => (await admin.get(`/api/doctors/${doctorId}`)).json<Doctor>().leaveDates;
  const owed = async (ids: string[], event: 'cancelled' | 'rescheduled') =>
    t.database.db
      .selectDistinct({ visitId: messages.visitId })
      .from(messages)
      .where(and(inArray(messages.visitId, ids), eq(messages.event, event)));

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    ({ admin } = await staffClients(t.app, org));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'HOSPITAL' })));
  });

  it('refuses leave over booked days from the doctor form and without a choice, listing the visits; a free day is saved', async () => {
    const doctor = await doctorAt('Dr. Asha Rao');
    const [a, b] = [await book(doctor.id, first, '09:20'), await book(doctor.id, second, '09:00')];

    const patched = await admin.patch(`/api/doctors/${doctor.id}`, { leaveDates: [first, second] });
    expect(patched.statusCode).toBe(409);
    const listed = patched.json<VisitsConflict>();
    expect(listed.message).toBe('2 visits are booked on these leave days: cancel or move them with the leave');
    expect(listed.visits.map((visit) => [visit.id, visit.date, visit.startTime, visit.status])).toEqual([
      [a, first, '09:20', 'BOOKED'],
      [b, second, '09:00', 'BOOKED'],
    ]);
    const posted = await admin.post(`/api/doctors/${doctor.id}/leave`, { dates: [second] });
    expect(posted.statusCode).toBe(409);
    expect(posted.json<VisitsConflict>().visits.map((visit) => visit.id)).toEqual([b]);
    expect(await leaveOf(doctor.id)).toEqual([]);

    // A day with no visits takes leave either way.
    expect((await admin.patch(`/api/doctors/${doctor.id}`, { leaveDates: [daysFromToday(6)] })).statusCode).toBe(200);
    expect((await admin.post(`/api/doctors/${doctor.id}/leave`, { dates: [daysFromToday(7)] })).json<DoctorLeaveResult>()).toEqual({
      leaveDates: [daysFromToday(6), daysFromToday(7)],
      visits: [],
    });
  });

  it('cancels every visit of the leave days in one action, each patient told why', async () => {
    const doctor = await doctorAt('Dr. Kavita Menon');
    const ids = [await book(doctor.id, first, '09:00'), await book(doctor.id, first, '09:40'), await book(doctor.id, second, '09:20')];
    const response = await admin.post(`/api/doctors/${doctor.id}/leave`, { dates: [second, first], visits: 'cancel' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<DoctorLeaveResult>();
    expect(result.leaveDates).toEqual([first, second]);
    expect(result.visits.map((visit) => [visit.id, visit.outcome, visit.to])).toEqual(ids.map((id) => [id, 'cancelled', null]));
    for (const id of ids) expect(await appointment(id)).toMatchObject({ status: 'CANCELLED', cancelReason: CANCELLED_FOR_LEAVE });
    expect((await owed(ids, 'cancelled')).map((row) => row.visitId).sort()).toEqual([...ids].sort());
    expect(await leaveOf(doctor.id)).toEqual([first, second]);
    // The days are now closed to bookings.
    const patient = await addPatient(admin);
    expect((await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: first, startTime: '09:20' })).statusCode).toBe(409);
  });

  it('moves the visits to another doctor at the same time; one that cannot move (full) is listed and nothing changes without partial', async () => {
    const away = await doctorAt('Dr. Rohan Iyer');
    const cover = await doctorAt('Dr. Neha Kulkarni');
    const [early, late] = [await book(away.id, first, '09:00'), await book(away.id, first, '09:40')];
    const coverOwn = await book(cover.id, first, '09:40');

    const body = { dates: [first], visits: { moveTo: { doctorId: cover.id } }, reason: 'Dr. Iyer at a conference' };
    const refused = await admin.post(`/api/doctors/${away.id}/leave`, body);
    expect(refused.statusCode).toBe(409);
    const conflict = refused.json<LeaveConflict>();
    expect(conflict.message).toBe('1 visit cannot move, so nothing was changed: confirm to save the leave and keep it as booked');
    expect(conflict.visits.map((visit) => [visit.id, visit.outcome, visit.to?.doctorName ?? null, visit.reason])).toEqual([
      [early, 'moved', 'Dr. Neha Kulkarni', null],
      [late, 'not-moved', null, 'This slot is full: choose another time'],
    ]);
    // Nothing changed: no leave, both visits where they were, no message owed.
    expect(await leaveOf(away.id)).toEqual([]);
    expect(await appointment(early)).toMatchObject({ doctorId: away.id, status: 'BOOKED' });
    expect(await owed([early, late], 'rescheduled')).toEqual([]);

    const confirmed = await admin.post(`/api/doctors/${away.id}/leave`, { ...body, partial: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const result = confirmed.json<DoctorLeaveResult>();
    expect(result.visits.map((visit) => [visit.id, visit.outcome])).toEqual([
      [early, 'moved'],
      [late, 'not-moved'],
    ]);
    expect(result.visits[0]!.to).toMatchObject({ doctorId: cover.id, date: first, startTime: '09:00', tokenLabel: '002' });
    expect(await appointment(early)).toMatchObject({ doctorId: cover.id, date: first, startTime: '09:00', status: 'BOOKED' });
    expect((await appointment(early)).history?.at(-1)).toMatchObject({ action: 'reschedule', note: expect.stringContaining('Dr. Iyer at a conference') as string });
    expect(await appointment(late)).toMatchObject({ doctorId: away.id, status: 'BOOKED' });
    expect(await appointment(coverOwn)).toMatchObject({ doctorId: cover.id, status: 'BOOKED' });
    expect((await owed([early, late], 'rescheduled')).map((row) => row.visitId)).toEqual([early]);
    expect(await leaveOf(away.id)).toEqual([first]);
  });

  it('leaves no live visit behind when bookings race the leave: each is either refused or cancelled with it', async () => {
    const doctor = await doctorAt('Dr. Isha Bose', 10);
    const patients = await Promise.all(Array.from({ length: 6 }, () => addPatient(admin)));
    const [leave, ...bookings] = await Promise.all([
      admin.post(`/api/doctors/${doctor.id}/leave`, { dates: [first], visits: 'cancel' }),
      ...patients.map((patient) => admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: first, startTime: '09:00' })),
    ]);
    expect(leave!.statusCode, leave!.body).toBe(200);
    const booked = bookings.filter((response) => response.statusCode === 201).map((response) => response.json<Appointment>().id);
    expect(bookings.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    for (const id of booked) expect((await appointment(id)).status).toBe('CANCELLED');
    expect(
      leave!
        .json<DoctorLeaveResult>()
        .visits.map((visit) => visit.id)
        .sort(),
    ).toEqual([...booked].sort());
  });

  it('moves the visits to the same doctor on another day', async () => {
    const doctor = await doctorAt('Dr. Farah Khan');
    const visit = await book(doctor.id, first, '09:20');
    const response = await admin.post(`/api/doctors/${doctor.id}/leave`, { dates: [first], visits: { moveTo: { date: second } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DoctorLeaveResult>().visits).toEqual([
      expect.objectContaining({ id: visit, outcome: 'moved', to: { doctorId: doctor.id, doctorName: 'Dr. Farah Khan', date: second, startTime: '09:20', tokenLabel: '001' } }),
    ]);
    expect(await appointment(visit)).toMatchObject({ date: second, startTime: '09:20', status: 'BOOKED' });
    expect((await owed([visit], 'rescheduled')).length).toBe(1);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    const doctor = await doctorAt('Dr. Suresh Nair');
    const visit = await book(doctor.id, first, '09:00');
    const cases: [unknown, string][] = [
      [{ dates: [] }, 'dates'],
      [{ dates: ['2026-02-30'] }, 'dates.0'],
      [{ dates: [first], visits: 'delete' }, 'visits'],
      [{ dates: [first], visits: { moveTo: {} } }, 'visits.moveTo.doctorId'],
      [{ dates: [first], visits: { moveTo: { doctorId: doctor.id } } }, 'visits.moveTo.doctorId'],
      [{ dates: [first, second], visits: { moveTo: { date: second } } }, 'visits.moveTo.date'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post(`/api/doctors/${doctor.id}/leave`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toContain(field);
    }
    expect(await leaveOf(doctor.id)).toEqual([]);
    expect(await appointment(visit)).toMatchObject({ status: 'BOOKED' });
  });

  it("answers 404 for another organisation's doctor, as the one on leave or as the one to move to", async () => {
    const doctor = await doctorAt('Dr. Lata Joshi');
    const visit = await book(doctor.id, first, '09:00');
    const theirs = await addDoctor(outsider, { availability: EVERY_MORNING });
    expect((await outsider.post(`/api/doctors/${doctor.id}/leave`, { dates: [first], visits: 'cancel' })).statusCode).toBe(404);
    expect((await outsider.patch(`/api/doctors/${doctor.id}`, { leaveDates: [first] })).statusCode).toBe(404);
    const elsewhere = await admin.post(`/api/doctors/${doctor.id}/leave`, { dates: [first], visits: { moveTo: { doctorId: theirs.id } } });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json<ErrorBody>().message).toBe('Doctor not found');
    expect(await leaveOf(doctor.id)).toEqual([]);
    expect(await appointment(visit)).toMatchObject({ status: 'BOOKED', doctorId: doctor.id });
  });

  it('records the doctor and each visit changed in the audit trail', async () => {
    const doctor = await doctorAt('Dr. Manoj Pillai');
    const visit = await book(doctor.id, first, '09:00');
    expect((await admin.post(`/api/doctors/${doctor.id}/leave`, { dates: [first], visits: 'cancel' })).statusCode).toBe(200);
    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.route === 'POST /api/doctors/:id/leave' && [doctor.id, visit].includes(entry.entityId!));
    expect(entries.map((entry) => [entry.entity, entry.entityId, entry.action])).toEqual([
      ['doctors', doctor.id, 'update'],
      ['appointments', visit, 'update'],
    ]);
  });
});
