import {
  PATIENT_EVENTS_PATH,
  slotsResponseSchema,
  WAITLIST_HOLD_MINUTES,
  type Appointment,
  type ErrorBody,
  type PatientWaitlist,
  type PatientWaitlistEntry,
  type WaitlistEntry,
} from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers, drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, signIn, staffClients, type ApiClient } from '../../test/fixtures.js';
import { auditWritesSettled } from '../audit/test-support.js';
import { eventsDelivered, ready } from '../events/test-support.js';
import { signInPatient } from '../patient-api/test-support.js';

/** Every day, two 15-minute slots of one patient each: a day is full with two visits. */
const TWO_SLOTS = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '09:30' }));

/**
 * The waitlist (issue 21): a full day's line; a freed place offered to the first patient waiting
 * and held for them, then to the next; nobody else books a held place, and no place is offered
 * or booked twice, whatever races.
 */
describe.each(drivers)('a full day’s waitlist (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;
  let workerEmail: string;
  let outsiderEmail: string;

  beforeAll(async () => {
    const [org, other] = [await createOrganisation(t.database.db), await createOrganisation(t.database.db)];
    ({ admin, worker } = await staffClients(t.app, org));
    ({ admin: outsider } = await staffClients(t.app, other));
    [workerEmail, outsiderEmail] = [org.worker.email, other.admin.email];
  });

  /** A doctor with a full day: two visits, and the patients who want it too. */
  async function fullDay(waiting: number) {
    const doctor = await addDoctor(admin, { availability: TWO_SLOTS });
    const date = daysFromToday(3);
    const booked = await Promise.all(
      ['09:00', '09:15'].map(async (startTime) => {
        const patient = await addPatient(admin);
        const response = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime });
        expect(response.statusCode).toBe(201);
        return response.json<Appointment>();
      }),
    );
    const patients = await Promise.all(Array.from({ length: waiting }, () => addPatient(admin)));
    return { doctor, date, booked, patients, day: { kind: 'appointment', ownerId: doctor.id, date } };
  }
  const join = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/waitlist', body);
  const list = async (day: { ownerId: string; date: string }) =>
    (await worker.get(`/api/waitlist?kind=appointment&ownerId=${day.ownerId}&date=${day.date}`)).json<{ data: WaitlistEntry[] }>().data;
  const cancel = (id: string) => worker.post(`/api/appointments/${id}/actions/cancel`, { reason: 'Patient travelling' });

  it('takes a patient only while the day is full, once, and numbers the line', async () => {
    const doctor = await addDoctor(admin, { availability: TWO_SLOTS });
    const date = daysFromToday(3);
    const [first, second, third] = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin)]);
    const day = { kind: 'appointment', ownerId: doctor.id, date };

    const early = await join(worker, { ...day, patientId: third!.id });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().message).toMatch(/^Dr\. Meera Joshi still has free slots on \d{2} \w{3} \d{4}: book one of those$/);

    for (const [patient, startTime] of [
      [first!, '09:00'],
      [second!, '09:15'],
    ] as const) {
      expect((await worker.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime })).statusCode).toBe(201);
    }
    const joined = await join(worker, { ...day, patientId: third!.id });
    expect(joined.statusCode).toBe(201);
    expect(joined.json<WaitlistEntry>()).toMatchObject({ status: 'WAITING', position: 1, offer: null, ownerName: 'Dr. Meera Joshi', patient: { id: third!.id } });
    const again = await join(worker, { ...day, patientId: third!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe('This patient is already on the waitlist for this day');
    const next = await join(worker, { ...day, patientId: first!.id });
    expect(next.json<WaitlistEntry>().position).toBe(2);
    expect((await list(day)).map((entry) => [entry.patient.id, entry.position])).toEqual([
      [third!.id, 1],
      [first!.id, 2],
    ]);

    // Bad input names its field and adds nobody; another organisation's doctor or patient is not found.
    const past = await join(worker, { ...day, date: daysFromToday(-1), patientId: second!.id });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().issues?.[0]?.path).toBe('date');
    expect((await join(worker, { ...day, patientId: 'not-an-id' })).json<ErrorBody>().issues?.[0]?.path).toBe('patientId');
    expect((await join(outsider, { ...day, patientId: second!.id })).statusCode).toBe(404);
    const theirs = await addPatient(outsider);
    expect((await join(worker, { ...day, patientId: theirs.id })).statusCode).toBe(404);
    expect(await list(day)).toHaveLength(2);
    expect((await outsider.get(`/api/waitlist?kind=appointment&ownerId=${doctor.id}&date=${date}`)).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('offers a cancelled place to the first in line, holds it from everyone else, and the desk books it for them', async () => {
    const { doctor, date, booked, patients, day } = await fullDay(2);
    const [first, second] = [patients[0]!, patients[1]!];
    const entries = [];
    for (const patient of patients) entries.push((await join(worker, { ...day, patientId: patient.id })).json<WaitlistEntry>());

    const before = Date.now();
    expect((await cancel(booked[0]!.id)).statusCode).toBe(200);
    const [offered, waiting] = await list(day);
    expect(offered).toMatchObject({ id: entries[0]!.id, status: 'OFFERED', position: 1, offer: { startTime: '09:00' } });
    const holdEnds = Date.parse(offered!.offer!.expiresAt);
    expect(holdEnds).toBeGreaterThanOrEqual(before + WAITLIST_HOLD_MINUTES * 60_000 - 1000);
    expect(holdEnds).toBeLessThanOrEqual(Date.now() + WAITLIST_HOLD_MINUTES * 60_000);
    expect(waiting).toMatchObject({ status: 'WAITING', position: 2 });

    // Held: not free to anyone else, by the list or by booking it.
    const slots = slotsResponseSchema.parse((await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json());
    expect(slots.slots.map((slot) => slot.start)).not.toContain('09:00');
    const stranger = await addPatient(admin);
    const taken = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: stranger.id, date, startTime: '09:00' });
    expect(taken.statusCode).toBe(409);
    // Nor does the line take a newcomer while a place is only held.
    expect((await join(worker, { ...day, patientId: stranger.id })).statusCode).toBe(201);

    const bookedForThem = await worker.post(`/api/waitlist/${offered!.id}/book`, {});
    expect(bookedForThem.statusCode).toBe(200);
    const entry = bookedForThem.json<WaitlistEntry>();
    expect(entry).toMatchObject({ status: 'BOOKED', position: null, offer: null });
    const visit = (await worker.get(`/api/appointments/${entry.visitId}`)).json<Appointment>();
    expect(visit).toMatchObject({ patientId: first.id, date, startTime: '09:00', status: 'BOOKED' });
    const twice = await worker.post(`/api/waitlist/${offered!.id}/book`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().message).toBe('This waitlist place has already been booked');
    // The one still waiting is now first; asking to book them without an offer is refused.
    expect((await list(day)).filter((row) => row.status === 'WAITING').map((row) => [row.patient.id, row.position])).toEqual([
      [second.id, 1],
      [stranger.id, 2],
    ]);
    const unoffered = await worker.post(`/api/waitlist/${waiting!.id}/book`, {});
    expect(unoffered.statusCode).toBe(409);
    expect(unoffered.json<ErrorBody>().message).toBe('No place has been offered yet: the patient is still waiting');
    expect((await outsider.post(`/api/waitlist/${waiting!.id}/book`, {})).statusCode).toBe(404);
    expect((await outsider.delete(`/api/waitlist/${waiting!.id}`)).statusCode).toBe(404);
  });

  it('passes the place on when a hold runs out, when it is declined in the app, and when the desk removes the patient', async () => {
    const { booked, patients, day } = await fullDay(3);
    const entries: WaitlistEntry[] = [];
    for (const patient of patients) entries.push((await join(worker, { ...day, patientId: patient.id })).json<WaitlistEntry>());
    // A visit moved to another day frees its place as a cancellation does.
    expect((await worker.post(`/api/appointments/${booked[1]!.id}/reschedule`, { date: daysFromToday(4), startTime: '09:00' })).statusCode).toBe(200);
    expect((await list(day))[0]).toMatchObject({ status: 'OFFERED', offer: { startTime: '09:15' } });

    // The hold runs out unanswered: the next sweep lapses it and offers the place to the second.
    await t.app.waitlist.sweep(new Date(Date.now() + (WAITLIST_HOLD_MINUTES + 1) * 60_000));
    const [lapsed, second, third] = await list(day);
    expect(lapsed!.status).toBe('LAPSED');
    expect(second).toMatchObject({ status: 'OFFERED', position: 1, offer: { startTime: '09:15' } });
    expect(third).toMatchObject({ status: 'WAITING', position: 2 });
    const late = await worker.post(`/api/waitlist/${lapsed!.id}/book`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().message).toBe('This offer has lapsed: the place went to the next patient');

    // The second patient declines in the app; the third is offered it at once.
    const app = await signInPatient(t, patients[1]!.phone);
    const mine = (await app.get('/api/patient/waitlist')).json<PatientWaitlist>().data;
    expect(mine).toEqual([expect.objectContaining({ id: second!.id, status: 'OFFERED', ownerName: 'Dr. Meera Joshi', patientName: patients[1]!.name })]);
    const declined = await app.post(`/api/patient/waitlist/${second!.id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json<PatientWaitlistEntry>().status).toBe('DECLINED');
    expect((await list(day))[2]).toMatchObject({ status: 'OFFERED', offer: { startTime: '09:15' } });
    // Another phone's entry is not found in the app.
    expect((await app.post(`/api/patient/waitlist/${third!.id}/accept`)).statusCode).toBe(404);

    // The desk removes the third: the held place is free again, for anyone.
    const removed = await worker.delete(`/api/waitlist/${third!.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<WaitlistEntry>().status).toBe('LEFT');
    const stranger = await addPatient(admin);
    expect((await worker.post('/api/appointments', { doctorId: day.ownerId, patientId: stranger.id, date: day.date, startTime: '09:15' })).statusCode).toBe(201);
  });

  it('the patient takes the offered place in the app: it is their visit', async () => {
    const { booked, patients, day } = await fullDay(1);
    const entry = (await join(worker, { ...day, patientId: patients[0]!.id })).json<WaitlistEntry>();
    expect((await cancel(booked[0]!.id)).statusCode).toBe(200);
    const app = await signInPatient(t, patients[0]!.phone);
    const accepted = await app.post(`/api/patient/waitlist/${entry.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const taken = accepted.json<PatientWaitlistEntry>();
    expect(taken).toMatchObject({ status: 'BOOKED', visitId: expect.any(String) });
    const visits = (await app.get('/api/patient/appointments')).json<{ data: { id: string; startTime: string }[] }>().data;
    expect(visits).toEqual([expect.objectContaining({ id: taken.visitId, startTime: '09:00' })]);
    // In the audit trail as the app's write, in the organisation's trail.
    await auditWritesSettled(t.database.db);
    const trail = (await admin.get('/api/audit?entity=waitlist')).json<{ data: { action: string; entityId: string; route: string }[] }>().data;
    expect(trail).toContainEqual(expect.objectContaining({ entityId: entry.id, route: 'POST /api/patient/waitlist/:id/accept' }));
  });

  it('a patient joins a full day from the app, for themself or a family member, within the online rules', async () => {
    const org = await createOrganisation(t.database.db, { onlineBooking: {} });
    const desk = (await staffClients(t.app, org)).admin;
    const doctor = await addDoctor(desk, { availability: TWO_SLOTS });
    const date = daysFromToday(3);
    const patient = await addPatient(desk);
    const app = await signInPatient(t, patient.phone);
    const body = { organisationId: org.id, kind: 'appointment', ownerId: doctor.id, date, patient: { patientId: patient.id } };

    const notYet = await app.post('/api/patient/waitlist', body);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json<ErrorBody>().message).toContain('still has free slots');
    for (const startTime of ['09:00', '09:15']) {
      const other = await addPatient(desk);
      expect((await desk.post('/api/appointments', { doctorId: doctor.id, patientId: other.id, date, startTime })).statusCode).toBe(201);
    }
    const joined = await app.post('/api/patient/waitlist', body);
    expect(joined.statusCode).toBe(201);
    expect(joined.json<PatientWaitlistEntry>()).toMatchObject({ status: 'WAITING', position: 1, patientName: patient.name, organisation: { name: expect.any(String) } });
    // A family member by name: a record of the same phone, second in line; a refused join creates none.
    const family = await app.post('/api/patient/waitlist', { ...body, patient: { name: 'Asha Kumar', gender: 'FEMALE', ageYears: 9 } });
    expect(family.statusCode).toBe(201);
    expect(family.json<PatientWaitlistEntry>()).toMatchObject({ position: 2, patientName: 'Asha Kumar' });
    expect((await app.get('/api/patient/waitlist')).json<PatientWaitlist>().data.map((entry) => entry.patientName)).toEqual([patient.name, 'Asha Kumar']);

    const far = await app.post('/api/patient/waitlist', { ...body, date: daysFromToday(400) });
    expect(far.statusCode).toBe(400);
    expect(far.json<ErrorBody>().issues?.[0]?.path).toBe('date');
    // Another organisation's doctor, named with this one's id: not found.
    const elsewhere = await addDoctor(outsider, { availability: TWO_SLOTS });
    expect((await app.post('/api/patient/waitlist', { ...body, ownerId: elsewhere.id })).statusCode).toBe(404);
    // In the organisation's audit trail as the app's write.
    await auditWritesSettled(t.database.db);
    const trail = (await desk.get('/api/audit?entity=waitlist')).json<{ data: { entityId: string; route: string }[] }>().data;
    expect(trail).toContainEqual(expect.objectContaining({ entityId: joined.json<PatientWaitlistEntry>().id, route: 'POST /api/patient/waitlist' }));
  });

  it('tells the desk live of each change of a day’s line, and the patient app of its own offer; never another organisation', async () => {
    const { booked, patients, day } = await fullDay(1);
    const patient = patients[0]!;
    const desk = await ready(t.app, (await signIn(t.app, workerEmail)).access_token);
    const elsewhere = await ready(t.app, (await signIn(t.app, outsiderEmail)).access_token);
    const app = await signInPatient(t, patient.phone);
    const phone = await ready(t.app, app.session.accessToken, PATIENT_EVENTS_PATH);
    const ofDay = (message: Record<string, unknown>) => message.type === 'waitlist.updated' && message.ownerId === day.ownerId && message.date === day.date;

    const entry = (await join(worker, { ...day, patientId: patient.id })).json<WaitlistEntry>();
    expect(await desk.next(ofDay)).toMatchObject({ kind: 'appointment', patientId: patient.id });
    desk.messages.length = 0;
    expect((await cancel(booked[0]!.id)).statusCode).toBe(200);
    expect(await desk.next(ofDay)).toMatchObject({ patientId: patient.id });
    expect(await phone.next(ofDay)).toMatchObject({ patientId: patient.id });
    expect((await list(day))[0]).toMatchObject({ id: entry.id, status: 'OFFERED' });
    await eventsDelivered(t.app);
    expect(elsewhere.messages.filter((message) => (message as { type: string }).type === 'waitlist.updated')).toEqual([]);
    for (const socket of [desk, elsewhere, phone]) socket.socket.close();
  });

  it('holds a place as long as the organisation chose (Settings → Online booking)', async () => {
    expect((await admin.patch('/api/settings/online-booking', { waitlistHoldMinutes: 45 })).statusCode).toBe(200);
    try {
      const { booked, patients, day } = await fullDay(1);
      await join(worker, { ...day, patientId: patients[0]!.id });
      const before = Date.now();
      expect((await cancel(booked[0]!.id)).statusCode).toBe(200);
      const [offered] = await list(day);
      const holdEnds = Date.parse(offered!.offer!.expiresAt);
      expect(holdEnds).toBeGreaterThanOrEqual(before + 45 * 60_000 - 1000);
      expect(holdEnds).toBeLessThanOrEqual(Date.now() + 45 * 60_000);
    } finally {
      await admin.patch('/api/settings/online-booking', { waitlistHoldMinutes: WAITLIST_HOLD_MINUTES });
    }
  });

  it('offers nothing too close to its start, and a past day’s line lapses', async () => {
    const { booked, patients, day } = await fullDay(1);
    const entry = (await join(worker, { ...day, patientId: patients[0]!.id })).json<WaitlistEntry>();
    // The day has passed by the sweep's clock: its line is over.
    await t.app.waitlist.sweep(new Date(Date.parse(`${day.date}T12:00:00+05:30`)));
    expect((await list(day))[0]).toMatchObject({ id: entry.id, status: 'LAPSED' });
    expect((await cancel(booked[0]!.id)).statusCode).toBe(200);
    expect((await list(day))[0]!.status).toBe('LAPSED');
  });

  it('tells an offer that ran out from a line the day’s end closed unoffered, to the desk and to each patient’s app', async () => {
    const { booked, patients, day } = await fullDay(3);
    const entries: WaitlistEntry[] = [];
    for (const patient of patients) entries.push((await join(worker, { ...day, patientId: patient.id })).json<WaitlistEntry>());
    expect((await cancel(booked[0]!.id)).statusCode).toBe(200);
    // The first lets the hold run out; the second still holds the place when the day ends; the third is never offered one.
    await t.app.waitlist.sweep(new Date(Date.now() + (WAITLIST_HOLD_MINUTES + 1) * 60_000));
    expect((await list(day)).map((entry) => [entry.status, entry.wasOffered])).toEqual([
      ['LAPSED', true],
      ['OFFERED', true],
      ['WAITING', false],
    ]);
    await t.app.waitlist.sweep(new Date(Date.parse(`${day.date}T12:00:00+05:30`)));

    const [ranOut, heldAtEnd, neverOffered] = entries.map((entry) => entry.id);
    const desk = await list(day);
    expect(desk.map((entry) => [entry.id, entry.status, entry.wasOffered, entry.offer, entry.position])).toEqual([
      [ranOut, 'LAPSED', true, null, null],
      [heldAtEnd, 'LAPSED', true, null, null],
      [neverOffered, 'LAPSED', false, null, null],
    ]);
    for (const [index, wasOffered] of [true, true, false].entries()) {
      const app = await signInPatient(t, patients[index]!.phone);
      const mine = (await app.get('/api/patient/waitlist')).json<PatientWaitlist>().data;
      expect(mine).toEqual([expect.objectContaining({ id: entries[index]!.id, status: 'LAPSED', wasOffered, offer: null })]);
    }

    // What a late answer is told says the same: an offer lapsed, or the day passed with none.
    const late = await worker.post(`/api/waitlist/${ranOut}/book`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorBody>().message).toBe('This offer has lapsed: the place went to the next patient');
    const over = await worker.delete(`/api/waitlist/${neverOffered}`);
    expect(over.statusCode).toBe(409);
    expect(over.json<ErrorBody>().message).toBe('This day has passed: no place opened for this patient');
    const app = await signInPatient(t, patients[2]!.phone);
    const leave = await app.post(`/api/patient/waitlist/${neverOffered}/leave`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json<ErrorBody>().message).toBe('This day has passed: no place opened for this patient');
  });
});

describe.each(bothDrivers)('the waitlist under concurrency (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;

  beforeAll(async () => {
    ({ admin, worker } = await staffClients(t.app, await createOrganisation(t.database.db)));
  });

  it('two cancellations at once offer two places to two patients; the desk and the app taking one offer book it once', async () => {
    const doctor = await addDoctor(admin, { availability: TWO_SLOTS });
    const date = daysFromToday(5);
    const visits = await Promise.all(
      ['09:00', '09:15'].map(async (startTime) => {
        const patient = await addPatient(admin);
        return (await worker.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime })).json<Appointment>();
      }),
    );
    const patients = await Promise.all([addPatient(admin), addPatient(admin), addPatient(admin)]);
    // Joining at once: each gets one place in line, numbered without a gap.
    const joined = await Promise.all(patients.map((patient) => worker.post('/api/waitlist', { kind: 'appointment', ownerId: doctor.id, date, patientId: patient.id })));
    expect(joined.map((response) => response.statusCode)).toEqual([201, 201, 201]);

    const cancelled = await Promise.all(visits.map((visit) => worker.post(`/api/appointments/${visit.id}/actions/cancel`, { reason: 'Both at once' })));
    expect(cancelled.map((response) => response.statusCode)).toEqual([200, 200]);
    const line = (await worker.get(`/api/waitlist?kind=appointment&ownerId=${doctor.id}&date=${date}`)).json<{ data: WaitlistEntry[] }>().data;
    const offers = line.filter((entry) => entry.status === 'OFFERED');
    expect(offers.map((entry) => entry.offer!.startTime).sort()).toEqual(['09:00', '09:15']);
    expect(line.filter((entry) => entry.status === 'WAITING').map((entry) => entry.position)).toEqual([3]);

    const [offer] = offers as [WaitlistEntry];
    const phone = patients.find((patient) => patient.id === offer.patient.id)!.phone;
    const app = await signInPatient(t, phone);
    const [desk, patient] = await Promise.all([worker.post(`/api/waitlist/${offer.id}/book`, {}), app.post(`/api/patient/waitlist/${offer.id}/accept`)]);
    expect([desk.statusCode, patient.statusCode].sort()).toEqual([200, 409]);
    const booked = (await worker.get(`/api/appointments?doctorId=${doctor.id}&from=${date}&to=${date}&status=BOOKED`)).json<{ data: { patientId: string; startTime: string }[] }>()
      .data;
    expect(booked).toEqual([expect.objectContaining({ patientId: offer.patient.id, startTime: offer.offer!.startTime })]);
  });
});
