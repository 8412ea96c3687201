import { randomUUID } from 'node:crypto';
import { PATIENT_EVENTS_PATH, type AppEvent } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { indiaDate, MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient } from '../patient-api/test-support.js';
import { appointmentKind, bookVisit } from '../visits/index.js';
import { ready, type Peer } from './test-support.js';

const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' }));

/**
 * The patient socket follows the account's visits and the queues of its organisations, so the app
 * refetches its queue position; a desk's 'Call next' elsewhere, or another account's visit, never
 * reaches it.
 */
describe.each(drivers)('WebSocket /api/patient/events: visits and queues (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);

  interface Clinic {
    org: OrganisationFixture;
    desk: ApiClient;
    doctorId: string;
  }
  const clinic = async (): Promise<Clinic> => {
    const org = await createOrganisation(t.database.db, { type: 'HOSPITAL', onlineBooking: { cutoffMinutes: 0 } });
    const { admin: desk } = await staffClients(t.app, org);
    return { org, desk, doctorId: (await addDoctor(desk, { tokenPrefix: 'Q', availability: allDay })).id };
  };
  /** A visit today for `patientId` (booked as at midnight, so any slot is open), checked in. */
  const checkedInToday = async ({ org, desk, doctorId }: Clinic, patientId: string, startTime: string): Promise<string> => {
    const date = indiaDate();
    const id = await bookVisit(
      t.database.db,
      appointmentKind,
      { organisationId: org.id, staffId: org.admin.id },
      { doctorId, patientId, date, startTime, source: 'CONSOLE' },
      { now: new Date(`${date}T00:00:00+05:30`) },
    );
    expect((await desk.post(`/api/appointments/${id}/actions/check-in`, {})).statusCode).toBe(200);
    return id;
  };
  const callNext = async ({ desk, doctorId }: Clinic) => expect((await desk.post(`/api/tokens/doctors/${doctorId}/actions/call-next`, {})).statusCode).toBe(200);
  /** Published after the events under test: once it arrives, anything sent before it has too. */
  const marker = async (socket: Peer, org: OrganisationFixture, patientId: string) => {
    const event: AppEvent = { type: 'chat.message', messageId: randomUUID(), patientId };
    await t.app.events.publish(org.id, event);
    await socket.next((m) => m.messageId === event.messageId);
  };

  let home: Clinic;
  let elsewhere: Clinic;
  beforeAll(async () => {
    [home, elsewhere] = await Promise.all([clinic(), clinic()]);
  });

  it('a desk’s call-next reaches the socket of an account with a record there, with its own visit’s change; another organisation’s does not', async () => {
    const phone = uniquePhone();
    const record = await addPatient(home.desk, { name: 'Savita Kale', phone });
    const stranger = await addPatient(home.desk, { name: 'Other Person' });
    const strangerElsewhere = await addPatient(elsewhere.desk, { name: 'Far Away' });
    const app = await signInPatient(t, phone);
    const socket = await ready(t.app, app.session.accessToken, PATIENT_EVENTS_PATH);

    const theirs = await checkedInToday(home, stranger.id, '09:00');
    const mine = await checkedInToday(home, record.id, '09:15');
    await checkedInToday(elsewhere, strangerElsewhere.id, '09:00');
    await callNext(elsewhere);
    await callNext(home);
    expect(await socket.next((m) => m.type === 'token.updated')).toEqual({ type: 'token.updated', doctorId: home.doctorId, date: indiaDate(), calledToken: 'Q-001' });
    await callNext(home);
    expect(await socket.next((m) => m.appointmentId === mine && m.status === 'IN_CONSULTATION')).toEqual({
      type: 'appointment.updated',
      appointmentId: mine,
      doctorId: home.doctorId,
      date: indiaDate(),
      status: 'IN_CONSULTATION',
      patientId: record.id,
    });
    await marker(socket, home.org, record.id);

    const seen = socket.messages as Record<string, unknown>[];
    // Nothing of the other organisation's queue, and nothing about the other patient's visit itself.
    expect(seen.filter((m) => m.doctorId === elsewhere.doctorId)).toEqual([]);
    expect(seen.filter((m) => m.appointmentId === theirs)).toEqual([]);
    expect(seen.filter((m) => m.type === 'appointment.updated').every((m) => m.patientId === record.id)).toBe(true);
    // Its own check-in, made after the socket opened, reached it too.
    expect(seen.some((m) => m.appointmentId === mine && m.status === 'CHECKED_IN')).toBe(true);
    socket.socket.terminate();
  });

  it('a record made after the socket opened (a booking in the app) is followed from its booking on, with its organisation’s queue', async () => {
    const app = await signInPatient(t);
    const socket = await ready(t.app, app.session.accessToken, PATIENT_EVENTS_PATH);
    // No record anywhere yet: the queue of the clinic it is about to book with does not reach it.
    const early = await addPatient(elsewhere.desk, { name: 'Early Bird' });
    await checkedInToday(elsewhere, early.id, '10:00');
    await callNext(elsewhere);

    const booked = await app.post('/api/patient/appointments', {
      organisationId: elsewhere.org.id,
      doctorId: elsewhere.doctorId,
      date: daysFromToday(0),
      startTime: '17:00',
      patient: { name: 'Late Comer', gender: 'MALE' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id, patientId } = booked.json<{ id: string; patientId: string }>();
    expect(await socket.next((m) => m.appointmentId === id)).toMatchObject({ type: 'appointment.updated', status: 'BOOKED', patientId });
    await callNext(elsewhere);
    expect(await socket.next((m) => m.type === 'token.updated')).toMatchObject({ doctorId: elsewhere.doctorId });
    expect((socket.messages as Record<string, unknown>[]).filter((m) => m.type === 'token.updated')).toHaveLength(1);
    socket.socket.terminate();
  });
});
