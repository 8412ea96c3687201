import { randomUUID } from 'node:crypto';
import {
  DOCTOR_ACCOUNT_DOCTOR_MESSAGE,
  DOCTOR_ALREADY_LINKED_MESSAGE,
  DOCTOR_ONLY_FOR_DOCTORS_MESSAGE,
  NO_LINKED_DOCTOR_MESSAGE,
  type AppEvent,
  type ConsultingPatient,
  type ErrorBody,
  type StaffCredentialResult,
  type TokenQueue,
} from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, apiAs, createOrganisation, daysFromToday, signIn, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { ready } from '../events/test-support.js';
import { addStaff, newPassword, staffInput } from '../staff/test-support.js';
import { appointmentKind, bookVisit } from '../visits/index.js';

const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:45' }));

describe.each(drivers)("a doctor's own account and its consulting room (%s)", (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let today: string;
  let midnight: Date;

  beforeAll(async () => {
    today = indiaDate();
    midnight = new Date(`${today}T00:00:00+05:30`);
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin, worker } = await staffClients(t.app, org));
  });

  const book = (doctorId: string, patientId: string, date: string, startTime: string) =>
    bookVisit(t.database.db, appointmentKind, { organisationId: org.id, staffId: org.admin.id }, { doctorId, patientId, date, startTime, source: 'CONSOLE' }, { now: midnight });

  /** A doctor with an account of its own, signed in. */
  async function doctorWithAccount() {
    const doctor = await addDoctor(admin, { tokenPrefix: 'D', availability: ALL_DAY });
    const password = newPassword();
    const created = await addStaff(admin, { name: 'Dr Own Account', role: 'USER', doctorId: doctor.id, credential: { method: 'password', password } });
    const session = await signIn(t.app, created.member.email, password);
    return { doctor, member: created.member, session, room: apiAs(t.app, session.access_token) };
  }

  it('is linked to one doctor of the organisation and signs in as USER, with the consulting room as its only menu', async () => {
    const { doctor, member, session } = await doctorWithAccount();
    expect(member).toMatchObject({ role: 'USER', doctorId: doctor.id });
    expect(session.user).toMatchObject({ id: member.id, role: 'USER', adminId: org.id });
    expect((await admin.get(`/api/staff/${member.id}`)).json()).toMatchObject({ role: 'USER', doctorId: doctor.id });
  });

  it("shows its doctor's queue of today, calls and completes from the room, and the desk sees the same queue", async () => {
    const { doctor, room } = await doctorWithAccount();
    const first = await addPatient(admin, { name: 'Room Patient One' });
    const second = await addPatient(admin, { name: 'Room Patient Two' });
    const ids = [await book(doctor.id, first.id, today, '08:00'), await book(doctor.id, second.id, today, '08:15')];
    for (const id of ids) expect((await worker.post(`/api/appointments/${id}/actions/check-in`, {})).statusCode).toBe(200);
    // Another doctor's patient is not in this room.
    const other = await addDoctor(admin, { availability: ALL_DAY });
    await book(other.id, (await addPatient(admin, { name: 'Elsewhere Patient' })).id, today, '08:00');

    const queue = await room.get('/api/consulting/queue');
    expect(queue.statusCode, queue.body).toBe(200);
    const start = queue.json<TokenQueue>();
    expect(start).toMatchObject({ id: doctor.id, name: doctor.name, date: today, waitingCount: 2, nowServing: null });
    expect(start.next).toMatchObject({ visitId: ids[0], patientName: 'Room Patient One', tokenLabel: 'D-001' });
    expect(JSON.stringify(start)).not.toContain('Elsewhere Patient');

    const called = await room.post('/api/consulting/queue/actions/call-next', {});
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json<TokenQueue>().nowServing).toMatchObject({ visitId: ids[0], status: 'IN_CONSULTATION' });
    const desk = (await worker.get(`/api/tokens/doctors/${doctor.id}`)).json<TokenQueue>();
    expect(desk.nowServing?.visitId).toBe(ids[0]);

    const completed = (await room.post('/api/consulting/queue/actions/complete', {})).json<TokenQueue>();
    expect(completed).toMatchObject({ nowServing: null, doneCount: 1, waitingCount: 1 });
    expect((await worker.get(`/api/appointments/${ids[0]}`)).json<{ status: string }>().status).toBe('COMPLETED');

    const refused = await room.post('/api/consulting/queue/actions/teleport', {});
    expect(refused.statusCode).toBe(400);
  });

  it("opens a patient of today's queue with their other visits, and no one else's", async () => {
    const { doctor, room } = await doctorWithAccount();
    const patient = await addPatient(admin, { name: 'History Patient', notes: 'Allergic to penicillin' });
    const other = await addDoctor(admin, { name: 'Dr Earlier Visit', availability: ALL_DAY });
    const earlier = await book(other.id, patient.id, daysFromToday(1), '09:00');
    const visit = await book(doctor.id, patient.id, today, '10:00');

    const response = await room.get(`/api/consulting/visits/${visit}`);
    expect(response.statusCode, response.body).toBe(200);
    const opened = response.json<ConsultingPatient>();
    expect(opened.patient).toMatchObject({ id: patient.id, name: 'History Patient', notes: 'Allergic to penicillin' });
    expect(opened.history).toEqual([expect.objectContaining({ kind: 'appointment', id: earlier, with: 'Dr Earlier Visit', status: 'BOOKED' })]);

    // Another doctor's visit, a visit of another day, an unknown id: all 404.
    expect((await room.get(`/api/consulting/visits/${earlier}`)).statusCode).toBe(404);
    const tomorrow = await book(doctor.id, patient.id, daysFromToday(2), '10:00');
    expect((await room.get(`/api/consulting/visits/${tomorrow}`)).statusCode).toBe(404);
    expect((await room.get(`/api/consulting/visits/${randomUUID()}`)).statusCode).toBe(404);
    // The desk has no consulting room.
    expect((await worker.get(`/api/consulting/visits/${visit}`)).statusCode).toBe(403);
    expect((await admin.get('/api/consulting/queue')).statusCode).toBe(403);
  });

  it('is refused every route of the desk, whatever its area, and keeps its own account, bell and plan', async () => {
    const { doctor, room } = await doctorWithAccount();
    for (const url of [
      '/api/patients',
      '/api/appointments',
      `/api/tokens/doctors/${doctor.id}`,
      `/api/billing/bills?visitId=${randomUUID()}`,
      '/api/wallet',
      '/api/staff',
      '/api/dashboard',
      '/api/search?q=ra',
    ]) {
      expect((await room.get(url)).statusCode, url).toBe(403);
    }
    expect((await room.delete(`/api/patients/${randomUUID()}`)).statusCode).toBe(403);
    for (const url of ['/api/me', '/api/account', '/api/notifications/all', '/api/plan/current']) {
      const response = await room.get(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    }
  });

  it('receives live events of its own doctor only, and its own notifications', async () => {
    const { doctor, session } = await doctorWithAccount();
    const socket = await ready(t.app, session.access_token);
    try {
      const own: AppEvent = { type: 'token.updated', doctorId: doctor.id, calledToken: 'D-001' };
      const others: AppEvent[] = [
        { type: 'token.updated', doctorId: randomUUID(), calledToken: 'X-001' },
        { type: 'appointment.updated', appointmentId: randomUUID(), doctorId: randomUUID(), status: 'BOOKED' },
        { type: 'bill.updated', billId: randomUUID() },
        { type: 'wallet.updated', balancePaise: 10 },
        { type: 'chat.message', messageId: randomUUID() },
      ];
      const ownVisit: AppEvent = { type: 'appointment.updated', appointmentId: randomUUID(), doctorId: doctor.id, status: 'CHECKED_IN' };
      const marker: AppEvent = { type: 'plan.updated', subscriptionId: randomUUID() };
      for (const event of [...others, own, ownVisit, marker]) await t.app.events.publish(org.id, event);
      await socket.next((message) => message.subscriptionId === marker.subscriptionId);
      expect(socket.messages.slice(1)).toEqual([own, ownVisit, marker]);
    } finally {
      socket.socket.terminate();
    }
  });

  it('needs a doctor of the organisation, one account per doctor even when two are added at once', async () => {
    const doctor = await addDoctor(admin, { availability: ALL_DAY });
    const missing = await admin.post('/api/staff', staffInput({ role: 'USER' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'doctorId', message: DOCTOR_ACCOUNT_DOCTOR_MESSAGE })]);
    const worker = await admin.post('/api/staff', staffInput({ role: 'WORKER', doctorId: doctor.id }));
    expect(worker.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'doctorId', message: DOCTOR_ONLY_FOR_DOCTORS_MESSAGE })]);

    const elsewhere = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const foreignDoctor = await addDoctor((await staffClients(t.app, elsewhere)).admin, { availability: ALL_DAY });
    expect((await admin.post('/api/staff', staffInput({ role: 'USER', doctorId: foreignDoctor.id }))).statusCode).toBe(404);

    const both = await Promise.all([0, 1].map(() => admin.post('/api/staff', staffInput({ role: 'USER', doctorId: doctor.id }))));
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const conflict = both.find((response) => response.statusCode === 409)!;
    expect(conflict.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'doctorId', message: DOCTOR_ALREADY_LINKED_MESSAGE })]);
    const listed = (await admin.get('/api/staff?role=USER&pageSize=100')).json<{ data: { doctorId: string | null }[] }>();
    expect(listed.data.filter((member) => member.doctorId === doctor.id)).toHaveLength(1);
  });

  it('drops the doctor when made a worker, asks for one when made a doctor, and says so when its doctor is gone', async () => {
    const created: StaffCredentialResult = await addStaff(admin, { role: 'WORKER' });
    const id = created.member.id;
    const noDoctor = await admin.patch(`/api/staff/${id}`, { role: 'USER' });
    expect(noDoctor.statusCode).toBe(400);
    expect(noDoctor.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'doctorId' })]);
    expect((await admin.get(`/api/staff/${id}`)).json()).toMatchObject({ role: 'WORKER', doctorId: null });

    const doctor = await addDoctor(admin, { availability: ALL_DAY });
    expect((await admin.patch(`/api/staff/${id}`, { role: 'USER', doctorId: doctor.id })).json()).toMatchObject({ role: 'USER', doctorId: doctor.id });
    expect((await admin.patch(`/api/staff/${id}`, { role: 'WORKER' })).json()).toMatchObject({ role: 'WORKER', doctorId: null });

    // A doctor with no visits can be deleted: its account stays, unlinked, and its room says why.
    const { doctor: gone, room } = await doctorWithAccount();
    expect((await admin.delete(`/api/doctors/${gone.id}`)).statusCode).toBe(204);
    const unlinked = await room.get('/api/consulting/queue');
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json<ErrorBody>().message).toBe(NO_LINKED_DOCTOR_MESSAGE);
  });
});
