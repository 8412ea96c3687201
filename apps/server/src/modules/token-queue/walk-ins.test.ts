import type { AppEvent, Appointment, ErrorBody, TokenQueue, WalkIn } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { AFTER_MIDNIGHT, indiaDate, MID_MORNING, pinClockAt } from '../../test/clock.js';
import { bothDrivers, drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { appointmentKind, bookVisit } from '../visits/index.js';

const EVERY_DAY = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

/**
 * 'Add walk-in' on a doctor's queue today (QUEUE_ORDER_RULE's note): checked in at once, in the
 * first slot of today that has not ended and has room, else an extra in the day's allowance.
 * The clock is 10:30 in India: the 10:30 slot is in progress, 10:45 is next.
 */
describe.each(drivers)('walk-ins (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;
  let date: string;

  beforeAll(async () => {
    date = indiaDate();
    org = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    ({ admin, worker } = await staffClients(t.app, org));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'HOSPITAL' })));
  });

  /** Booked by the desk earlier today (at midnight, so every slot of the day was still ahead). */
  async function booked(doctorId: string, name: string, startTime: string, checkIn = false) {
    const patient = await addPatient(admin, { name });
    const id = await bookVisit(
      t.database.db,
      appointmentKind,
      { organisationId: org.id, staffId: org.admin.id },
      { doctorId, patientId: patient.id, date, startTime, source: 'CONSOLE' },
      { now: new Date(`${date}T00:00:00+05:30`) },
    );
    if (checkIn) expect((await worker.post(`/api/appointments/${id}/actions/check-in`, {})).statusCode).toBe(200);
    return id;
  }
  const walkIn = (client: ApiClient, doctorId: string, body: unknown) => client.post(`/api/tokens/doctors/${doctorId}/walk-ins`, body);
  const addWalkIn = async (doctorId: string, name: string) => {
    const patient = await addPatient(admin, { name });
    const response = await walkIn(worker, doctorId, { patientId: patient.id });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WalkIn>();
  };
  const names = (entries: TokenQueue['waiting']) => entries.map((entry) => entry.patientName);

  it('takes the next token, is checked in at once and queues by its slot: the next one with room', async () => {
    const doctor = await addDoctor(admin, { name: 'Dr. Walk', tokenPrefix: 'W', availability: EVERY_DAY('09:00', '13:00') });
    await booked(doctor.id, 'Booked Bina', '10:30', true);
    await booked(doctor.id, 'Booked Chitra', '11:00');
    const events: AppEvent[] = [];
    const off = t.app.events.subscribe((organisationId, event) => {
      if (organisationId === org.id) events.push(event);
    });
    const wani = await addWalkIn(doctor.id, 'Walk-in Wani');
    off();
    // 10:30 is Bina's, so Wani fits at 10:45; token 3 after the two booked earlier.
    expect(wani).toMatchObject({ tokenNumber: 3, tokenLabel: 'W-003', startTime: '10:45', overbooked: false });
    const xavier = await addWalkIn(doctor.id, 'Walk-in Xavier');
    // 11:00 is Chitra's (not arrived, still hers): Xavier fits at 11:15.
    expect(xavier).toMatchObject({ tokenLabel: 'W-004', startTime: '11:15' });
    expect(names(xavier.queue.waiting)).toEqual(['Booked Bina', 'Walk-in Wani', 'Walk-in Xavier']);
    expect(names(xavier.queue.notArrived)).toEqual(['Booked Chitra']);
    expect(xavier.queue.waiting.map((entry) => entry.walkIn)).toEqual([false, true, true]);

    const record = (await worker.get(`/api/appointments/${wani.visitId}`)).json<Appointment>();
    expect(record).toMatchObject({ source: 'WALK_IN', status: 'CHECKED_IN', date, startTime: '10:45', overbooked: false });
    expect(record.history?.map((line) => [line.action, line.toStatus])).toEqual([['created', 'CHECKED_IN']]);

    // Live: the queue's own event (the waiting-room display) and the visit's; the staff are told as of a booking.
    expect(events).toContainEqual(expect.objectContaining({ type: 'token.updated', doctorId: doctor.id, date }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'appointment.updated', appointmentId: wani.visitId, status: 'CHECKED_IN' }));
    expect(events.filter((event) => event.type === 'notification.created').length).toBeGreaterThan(0);
    expect(JSON.stringify((await admin.get('/api/notifications/all')).json())).toContain(wani.visitId);
    const created = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.entityId === wani.visitId && entry.action === 'create');
    expect(created.map((entry) => [entry.entity, entry.route])).toEqual([['appointments', 'POST /api/tokens/doctors/:id/walk-ins']]);
  });

  it('fills a place left in the slot in progress and queues from arrival, ahead of a later slot', async () => {
    const doctor = await addDoctor(admin, { patientsPerSlot: 2, availability: EVERY_DAY('09:00', '13:00') });
    await booked(doctor.id, 'Early Esha', '10:45', true);
    const walkedIn = await addWalkIn(doctor.id, 'Walk-in Yusuf');
    expect(walkedIn).toMatchObject({ startTime: '10:30', overbooked: false });
    expect(names(walkedIn.queue.waiting)).toEqual(['Walk-in Yusuf', 'Early Esha']);
  });

  it('refuses naming why: on leave, no hours today, hours over, inactive', async () => {
    const refusal = async (overrides: Parameters<typeof addDoctor>[1]) => {
      const doctor = await addDoctor(admin, { name: 'Dr. Away', ...overrides });
      const patient = await addPatient(admin);
      const response = await walkIn(worker, doctor.id, { patientId: patient.id });
      expect(response.statusCode).toBe(409);
      return response.json<ErrorBody>().message;
    };
    expect(await refusal({ availability: EVERY_DAY('09:00', '13:00'), leaveDates: [date] })).toBe('Dr. Away is on leave today');
    const otherDay = (new Date(`${date}T12:00:00Z`).getUTCDay() + 1) % 7;
    expect(await refusal({ availability: [{ weekday: otherDay, start: '09:00', end: '13:00' }] })).toBe('Dr. Away has no hours today');
    expect(await refusal({ availability: EVERY_DAY('08:00', '09:00') })).toBe('Dr. Away’s hours today have ended');
    expect(await refusal({ availability: EVERY_DAY('09:00', '13:00'), active: false })).toBe('Doctor is inactive');
  });

  it('another organisation’s doctor or patient is not found; bad input is a 400 naming the field', async () => {
    const doctor = await addDoctor(admin, { availability: EVERY_DAY('09:00', '13:00') });
    const theirs = await addPatient(outsider);
    expect((await walkIn(outsider, doctor.id, { patientId: theirs.id })).statusCode).toBe(404);
    const foreignPatient = await walkIn(worker, doctor.id, { patientId: theirs.id });
    expect(foreignPatient.statusCode).toBe(404);
    expect(foreignPatient.json<ErrorBody>().message).toBe('Patient not found');
    const ours = await addPatient(admin);
    for (const [body, field] of [
      [{ patientId: 'abc' }, 'patientId'],
      [{}, 'patientId'],
      [{ patientId: ours.id, reason: 'x'.repeat(501) }, 'reason'],
    ] as const) {
      const response = await walkIn(worker, doctor.id, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json<ErrorBody>().issues?.[0]?.path).toBe(field);
    }
    expect((await walkIn(worker, 'not-an-id', { patientId: ours.id })).json<ErrorBody>().issues?.[0]?.path).toBe('id');
    // Nothing was added by the refusals.
    expect((await worker.get(`/api/tokens/doctors/${doctor.id}`)).json<TokenQueue>().waiting).toEqual([]);
  });

  it('a scan’s queue takes walk-ins too; a hospital worker has no scan queues', async () => {
    const scanOrg = await createOrganisation(t.database.db, { type: 'SCAN' });
    const { admin: scanAdmin, worker: scanWorker } = await staffClients(t.app, scanOrg);
    const scan = await addScan(scanAdmin, { availability: EVERY_DAY('09:00', '13:00') });
    const patient = await addPatient(scanAdmin);
    const response = await scanWorker.post(`/api/tokens/services/${scan.id}/walk-ins`, { patientId: patient.id });
    expect(response.statusCode).toBe(201);
    expect(response.json<WalkIn>()).toMatchObject({ startTime: '10:30', queue: { kind: 'services', waitingCount: 1 } });
    expect((await worker.post(`/api/tokens/services/${scan.id}/walk-ins`, { patientId: patient.id })).statusCode).toBe(403);
  });
});

describe.each(bothDrivers)('walk-ins to a full day (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);

  it('use the allowance exactly: five at once with one extra left, one 201 and four 409, tokens without gaps', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    // Two slots today, 10:30 and 10:45, both taken.
    const doctor = await addDoctor(admin, { name: 'Dr. Full', availability: EVERY_DAY('10:30', '11:00') });
    const patients = await Promise.all(Array.from({ length: 8 }, () => addPatient(admin)));
    for (const [index, startTime] of ['10:30', '10:45'].entries()) {
      expect((await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patients[index]!.id, date: indiaDate(), startTime })).statusCode).toBe(201);
    }
    const none = await worker.post(`/api/tokens/doctors/${doctor.id}/walk-ins`, { patientId: patients[2]!.id });
    expect(none.statusCode).toBe(409);
    expect(none.json<ErrorBody>().message).toBe('The rest of today is full for Dr. Full, who takes no extras beyond the slots');

    expect((await admin.patch(`/api/doctors/${doctor.id}`, { extraPerDay: 1 })).statusCode).toBe(200);
    const raced = await Promise.all(patients.slice(3).map((patient) => worker.post(`/api/tokens/doctors/${doctor.id}/walk-ins`, { patientId: patient.id })));
    const codes = raced.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(4);
    const extra = raced.find((response) => response.statusCode === 201)!.json<WalkIn>();
    // In the slot in progress, so queued from arrival; the day's next token, none spent by the refused.
    expect(extra).toMatchObject({ tokenNumber: 3, startTime: '10:30', overbooked: true });
    expect(raced.find((response) => response.statusCode === 409)!.json<ErrorBody>().message).toBe('The rest of today is full for Dr. Full, and all 1 extras of the day are booked');
    expect(extra.queue.waiting).toEqual([expect.objectContaining({ visitId: extra.visitId, overbooked: true, walkIn: true })]);
    const queue = (await worker.get(`/api/tokens/doctors/${doctor.id}`)).json<TokenQueue>();
    expect([...queue.waiting, ...queue.notArrived].map((entry) => entry.tokenNumber).sort()).toEqual([1, 2, 3]);
  });
});

describe.each(drivers)('a walk-in just after midnight in India (%s)', (driver) => {
  pinClockAt(AFTER_MIDNIGHT);
  const t = useTestApp(driver);

  it('joins India’s today, not UTC’s yesterday', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin, { availability: EVERY_DAY('00:00', '23:45') });
    const patient = await addPatient(admin);
    const response = await worker.post(`/api/tokens/doctors/${doctor.id}/walk-ins`, { patientId: patient.id });
    expect(response.statusCode).toBe(201);
    expect(response.json<WalkIn>()).toMatchObject({ startTime: '00:00', queue: { date: indiaDate() } });
  });
});
