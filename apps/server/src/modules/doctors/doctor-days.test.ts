import type { DoctorDay, DoctorDayChange, ErrorBody, SlotsResponse, VisitsConflict } from '@caredesk/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, bearer, createOrganisation, daysFromToday, signIn, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { signInPatient } from '../patient-api/test-support.js';

/**
 * The doctor's day (issue 21): one date's hours and cap changed without editing the weekly
 * schedule, honoured wherever a day is cut into slots, and never stranding a booked visit unless
 * the desk says to keep it.
 */
describe.each(drivers)("a doctor's day changed from the week (%s)", (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let adminToken: string;
  let outsiderToken: string;
  const date = daysFromToday(3);

  const put = (doctorId: string, day: string, payload: unknown, token = adminToken): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'PUT', url: `/api/doctors/${doctorId}/days/${day}`, headers: bearer(token), payload: payload as object });
  const remove = (doctorId: string, day: string, query = '', token = adminToken) =>
    t.app.inject({ method: 'DELETE', url: `/api/doctors/${doctorId}/days/${day}${query}`, headers: bearer(token) });
  const freeStarts = async (doctorId: string, day = date) =>
    (await admin.get(`/api/doctors/${doctorId}/slots?date=${day}`)).json<SlotsResponse>().slots.map((slot) => `${slot.start}/${slot.remaining}`);
  const book = async (doctorId: string, startTime: string, day = date) => {
    const patient = await addPatient(admin);
    return admin.post('/api/appointments', { doctorId, patientId: patient.id, date: day, startTime });
  };
  /** 09:00-10:00 every day, 20-minute slots. */
  const morningDoctor = (patientsPerSlot = 1) =>
    addDoctor(admin, { slotMinutes: 20, patientsPerSlot, availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })) });

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'HOSPITAL', onlineBooking: { horizonDays: 10, cutoffMinutes: 60 } });
    ({ admin } = await staffClients(t.app, org));
    adminToken = (await signIn(t.app, org.admin.email)).access_token;
    const other = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    outsiderToken = (await signIn(t.app, other.admin.email)).access_token;
  });

  it('a late start and an extra session change the free slots of that day only, for the desk and the patient app', async () => {
    const doctor = await morningDoctor();
    expect(await freeStarts(doctor.id)).toEqual(['09:00/1', '09:20/1', '09:40/1']);

    const saved = await put(doctor.id, date, {
      windows: [
        { start: '09:40', end: '10:00' },
        { start: '18:00', end: '18:40' },
      ],
      note: 'Starts late: surgery',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<DoctorDayChange>()).toMatchObject({ date, capacity: null, note: 'Starts late: surgery', byName: expect.any(String) as string, outsideHours: [] });

    expect(await freeStarts(doctor.id)).toEqual(['09:40/1', '18:00/1', '18:20/1']);
    expect(await freeStarts(doctor.id, daysFromToday(4))).toEqual(['09:00/1', '09:20/1', '09:40/1']);
    const patient = await signInPatient(t);
    const online = await patient.get(`/api/patient/organisations/${org.id}/doctors/${doctor.id}/slots?date=${date}`);
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json<SlotsResponse>().slots.map((slot) => slot.start)).toEqual(['09:40', '18:00', '18:20']);
    const day = (await admin.get(`/api/doctors/${doctor.id}/days/${date}`)).json<DoctorDay>();
    expect(day).toMatchObject({
      date,
      windows: [
        { start: '09:40', end: '10:00' },
        { start: '18:00', end: '18:40' },
      ],
      capacity: 1,
      onLeave: false,
    });
  });

  it('bookings follow the changed hours: the extra session takes one, the hours taken away refuse one', async () => {
    const doctor = await morningDoctor();
    expect((await put(doctor.id, date, { windows: [{ start: '17:00', end: '17:40' }] })).statusCode).toBe(200);
    const refused = await book(doctor.id, '09:00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['startTime']);
    expect((await book(doctor.id, '17:20')).statusCode).toBe(201);
    // A reschedule follows the same rule.
    const other = await book(doctor.id, '09:00', daysFromToday(4));
    expect((await admin.post(`/api/appointments/${other.json<{ id: string }>().id}/reschedule`, { date, startTime: '09:20' })).statusCode).toBe(400);
    expect((await admin.post(`/api/appointments/${other.json<{ id: string }>().id}/reschedule`, { date, startTime: '17:00' })).statusCode).toBe(200);
    // Closed: no slots at all.
    expect((await put(doctor.id, daysFromToday(5), { windows: [] })).statusCode).toBe(200);
    expect(await freeStarts(doctor.id, daysFromToday(5))).toEqual([]);
  });

  it('a walk-in follows the day too: a day closed today takes none', async () => {
    const doctor = await morningDoctor();
    const today = daysFromToday(0);
    expect((await put(doctor.id, today, { windows: [], note: 'Called to theatre' })).statusCode).toBe(200);
    const patient = await addPatient(admin);
    const refused = await admin.post(`/api/tokens/doctors/${doctor.id}/walk-ins`, { patientId: patient.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toBe(`${doctor.name} has no hours today`);
  });

  it("holds a lower cap under parallel bookings of one slot: exactly the day's cap are booked", async () => {
    const doctor = await morningDoctor(4);
    expect((await put(doctor.id, date, { capacity: 2 })).statusCode).toBe(200);
    expect(await freeStarts(doctor.id)).toEqual(['09:00/2', '09:20/2', '09:40/2']);
    const patients = await Promise.all(Array.from({ length: 8 }, () => addPatient(admin)));
    const results = await Promise.all(patients.map((patient) => admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:20' })));
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect(await freeStarts(doctor.id)).toEqual(['09:00/2', '09:40/2']);
    // Another day keeps the doctor's own cap.
    expect(await freeStarts(doctor.id, daysFromToday(4))).toEqual(['09:00/4', '09:20/4', '09:40/4']);
  });

  it('a change racing bookings of its day never strands one: saved, the slot holds at most the new cap; refused, it names those booked', async () => {
    const doctor = await morningDoctor(4);
    const patients = await Promise.all(Array.from({ length: 4 }, () => addPatient(admin)));
    const [change, ...bookings] = await Promise.all([
      put(doctor.id, date, { capacity: 1 }),
      ...patients.map((patient) => admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:20' })),
    ]);
    const booked = bookings.filter((response) => response.statusCode === 201).map((response) => response.json<{ id: string }>().id);
    expect(bookings.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    if (change!.statusCode === 200) expect(booked.length).toBeLessThanOrEqual(1);
    else {
      expect(change!.statusCode).toBe(409);
      // Refused for the ones booked before it: all but the first in the slot, the last booked.
      expect(change!.json<VisitsConflict>().visits.length).toBe(booked.length - 1);
    }
  });

  it('refuses a change that strands booked visits, listing them without their patients, and keeps them when asked', async () => {
    const doctor = await morningDoctor(2);
    const early = (await book(doctor.id, '09:00')).json<{ id: string }>();
    const [first, second] = [(await book(doctor.id, '09:40')).json<{ id: string }>(), (await book(doctor.id, '09:40')).json<{ id: string }>()];

    const refused = await put(doctor.id, date, { windows: [{ start: '09:20', end: '10:00' }], capacity: 1 });
    expect(refused.statusCode).toBe(409);
    const conflict = refused.json<VisitsConflict>();
    expect(conflict.message).toBe('2 visits still to happen fall outside these hours or over this cap: move them first, or keep them outside hours');
    // 09:00 is no longer a slot; 09:40 holds two where the cap is now one: the later booked.
    expect(conflict.visits.map((visit) => [visit.id, visit.startTime, visit.tokenLabel, visit.status])).toEqual([
      [early.id, '09:00', '001', 'BOOKED'],
      [second.id, '09:40', '003', 'BOOKED'],
    ]);
    expect(refused.body).not.toContain('Sunita');
    expect((await admin.get(`/api/doctors/${doctor.id}/days/${date}`)).json<DoctorDay>().change).toBeNull();

    const kept = await put(doctor.id, date, { windows: [{ start: '09:20', end: '10:00' }], capacity: 1, strandedVisits: 'keep' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<DoctorDayChange>().outsideHours.map((visit) => visit.id)).toEqual([early.id, second.id]);
    const listed = (await admin.get(`/api/doctors/${doctor.id}/days`)).json<{ data: DoctorDayChange[] }>().data;
    expect(listed.map((change) => [change.date, change.outsideHours.length])).toEqual([[date, 2]]);
    for (const id of [early.id, first.id, second.id]) expect((await admin.get(`/api/appointments/${id}`)).json<{ status: string }>().status).toBe('BOOKED');

    // Back to the week: nothing is stranded then, and the change is gone.
    expect((await remove(doctor.id, date)).statusCode).toBe(204);
    expect((await admin.get(`/api/doctors/${doctor.id}/days`)).json<{ data: DoctorDayChange[] }>().data).toEqual([]);
    expect((await remove(doctor.id, date)).statusCode).toBe(404);
  });

  it('refuses to remove an extra session that holds bookings, unless they are kept', async () => {
    const doctor = await morningDoctor();
    expect(
      (
        await put(doctor.id, date, {
          windows: [
            { start: '09:00', end: '10:00' },
            { start: '18:00', end: '18:20' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const evening = (await book(doctor.id, '18:00')).json<{ id: string }>();
    const refused = await remove(doctor.id, date);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<VisitsConflict>().visits.map((visit) => visit.id)).toEqual([evening.id]);
    expect((await remove(doctor.id, date, '?strandedVisits=keep')).statusCode).toBe(204);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    const doctor = await morningDoctor();
    const cases: [string, unknown, string][] = [
      [date, {}, 'windows'],
      [date, { windows: null, capacity: null }, 'windows'],
      [date, { windows: [{ start: '11:00', end: '10:00' }] }, 'windows.0.end'],
      [
        date,
        {
          windows: [
            { start: '09:00', end: '11:00' },
            { start: '10:00', end: '12:00' },
          ],
        },
        'windows.1.start',
      ],
      [date, { windows: [{ start: '9am', end: '10:00' }] }, 'windows.0.start'],
      [date, { capacity: 0 }, 'capacity'],
      [date, { capacity: 51 }, 'capacity'],
      [date, { capacity: 2, note: 'x'.repeat(201) }, 'note'],
      [date, { capacity: 2, strandedVisits: 'cancel' }, 'strandedVisits'],
      ['2026-02-30', { capacity: 2 }, 'date'],
      [daysFromToday(-1), { capacity: 2 }, 'date'],
    ];
    for (const [day, body, field] of cases) {
      const response = await put(doctor.id, day, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toContain(field);
    }
    expect((await admin.get(`/api/doctors/${doctor.id}/days?from=${daysFromToday(-3)}`)).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it("answers 404 for another organisation's doctor, whatever the verb, and changes nothing", async () => {
    const doctor = await morningDoctor();
    expect((await put(doctor.id, date, { capacity: 3 })).statusCode).toBe(200);
    const inject = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(outsiderToken), ...(payload ? { payload } : {}) });
    for (const response of [
      await inject('GET', `/api/doctors/${doctor.id}/days`),
      await inject('GET', `/api/doctors/${doctor.id}/days/${date}`),
      await inject('PUT', `/api/doctors/${doctor.id}/days/${date}`, { capacity: 1 }),
      await inject('DELETE', `/api/doctors/${doctor.id}/days/${date}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().message).toBe('Doctor not found');
    }
    expect((await admin.get(`/api/doctors/${doctor.id}/days/${date}`)).json<DoctorDay>()).toMatchObject({ capacity: 3 });
  });

  it('records each change and removal in the audit trail against the doctor', async () => {
    const doctor = await morningDoctor();
    expect((await put(doctor.id, date, { capacity: 2 })).statusCode).toBe(200);
    expect((await remove(doctor.id, date)).statusCode).toBe(204);
    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.entityId === doctor.id && entry.route.includes('/days/'));
    expect(entries.map((entry) => [entry.action, entry.entity, entry.route, entry.statusCode])).toEqual([
      ['update', 'doctors', 'PUT /api/doctors/:id/days/:date', 200],
      ['update', 'doctors', 'DELETE /api/doctors/:id/days/:date', 204],
    ]);
  });
});
