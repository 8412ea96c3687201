import { patientQueuePositionSchema, type PatientQueuePosition } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { indiaDate, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { appointmentKind, bookingKind, bookVisit } from '../visits/index.js';
import { signInPatient, type PatientApp } from './test-support.js';

/**
 * The desk books the morning (at midnight, so early slots are not past), five patients before the
 * app's account's own 09:15; at 08:20 everyone has checked in and the desk calls.
 */
describe.each(drivers)('GET /api/patient/{appointments|bookings}/{id}/queue: where one’s visit stands today (%s)', (driver) => {
  pinClockAt({ label: '08:20 IST', time: '08:20' });
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let patient: PatientApp;
  let doctorId: string;
  const names = ['Gita Rao', 'Hari Menon', 'Indu Pillai', 'Jai Bhatt', 'Kiran Das'];
  const deskVisits: string[] = [];
  let own: string;
  let selfId: string;
  const availability = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '12:00' }));

  const positionOf = async (url: string, app = patient): Promise<PatientQueuePosition> => {
    const response = await app.get(url);
    expect(response.statusCode, response.body).toBe(200);
    for (const name of names) expect(response.body.includes(name), name).toBe(false);
    return patientQueuePositionSchema.parse(response.json());
  };
  const callNext = async () => expect((await worker.post(`/api/tokens/doctors/${doctorId}/actions/call-next`, {})).statusCode).toBe(200);

  beforeAll(async () => {
    const date = indiaDate();
    const midnight = { now: new Date(`${date}T00:00:00+05:30`) };
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: {} });
    ({ admin, worker } = await staffClients(t.app, org));
    patient = await signInPatient(t);
    doctorId = (await addDoctor(admin, { tokenPrefix: 'A', slotMinutes: 15, availability, room: 'OPD 4' })).id;
    const actor = { organisationId: org.id, staffId: org.admin.id };
    for (const [index, name] of names.entries()) {
      const { id: patientId } = await addPatient(admin, { name });
      const startTime = `0${8 + Math.floor(index / 4)}:${String((index % 4) * 15).padStart(2, '0')}`;
      deskVisits.push(await bookVisit(t.database.db, appointmentKind, actor, { doctorId, patientId, date, startTime, source: 'CONSOLE' }, midnight));
    }
    selfId = (await addPatient(admin, { name: 'Asha Patil', phone: patient.phone })).id;
    own = await bookVisit(t.database.db, appointmentKind, actor, { doctorId, patientId: selfId, date, startTime: '09:15', source: 'CONSOLE' }, midnight);
  });

  it('before check-in: who is being served and one’s own token, but no place or estimate', async () => {
    expect(await positionOf(`/api/patient/appointments/${own}/queue`)).toEqual({
      visitId: own,
      date: indiaDate(),
      status: 'BOOKED',
      nowServing: null,
      you: 'A-006',
      ahead: null,
      estimateMinutes: null,
      estimateBasis: null,
      room: 'OPD 4',
    });
  });

  it('waiting, with too few calls for a pace: the tokens ahead times the slot length', async () => {
    for (const id of [...deskVisits, own]) expect((await worker.post(`/api/appointments/${id}/actions/check-in`, {})).statusCode).toBe(200);
    await callNext();
    expect(await positionOf(`/api/patient/appointments/${own}/queue`)).toMatchObject({
      status: 'CHECKED_IN',
      nowServing: 'A-001',
      ahead: 4,
      estimateMinutes: 60,
      estimateBasis: 'SLOT',
    });
  });

  it('once the doctor has a pace today (two gaps between calls): the tokens ahead times the pace', async () => {
    await callNext();
    await callNext();
    // The three calls, 12 minutes apart on average: 07:56, 08:08, 08:20.
    const date = indiaDate();
    for (const [index, at] of ['07:56', '08:08', '08:20'].entries()) {
      await t.database.db
        .update(appointments)
        .set({ calledAt: new Date(`${date}T${at}:00+05:30`) })
        .where(eq(appointments.id, deskVisits[index]!));
    }
    expect(await positionOf(`/api/patient/appointments/${own}/queue`)).toMatchObject({ nowServing: 'A-003', ahead: 2, estimateMinutes: 24, estimateBasis: 'PACE' });
  });

  it('called in: no place or estimate, and now serving is one’s own token', async () => {
    for (let turn = 0; turn < 3; turn += 1) await callNext();
    expect(await positionOf(`/api/patient/appointments/${own}/queue`)).toMatchObject({
      status: 'IN_CONSULTATION',
      nowServing: 'A-006',
      you: 'A-006',
      ahead: null,
      estimateMinutes: null,
      estimateBasis: null,
    });
  });

  it('answers 404 for another account’s visit, and for a booking id on the appointments route', async () => {
    const stranger = await signInPatient(t);
    expect((await stranger.get(`/api/patient/appointments/${own}/queue`)).statusCode).toBe(404);
    expect((await patient.get(`/api/patient/bookings/${own}/queue`)).statusCode).toBe(404);
    expect((await patient.get(`/api/patient/appointments/${deskVisits[4]}/queue`)).statusCode).toBe(404);
  });

  it('places a scan booking in its scan’s queue, by the scan’s slot length', async () => {
    const scan = await addScan(admin, { tokenPrefix: 'M', durationMinutes: 30, capacityPerSlot: 2, availability });
    const date = indiaDate();
    const midnight = { now: new Date(`${date}T00:00:00+05:30`) };
    const actor = { organisationId: org.id, staffId: org.admin.id };
    const first = await addPatient(admin, { name: names[0] });
    const theirs = await bookVisit(t.database.db, bookingKind, actor, { serviceId: scan.id, patientId: first.id, date, startTime: '09:00', source: 'CONSOLE' }, midnight);
    const mine = await bookVisit(t.database.db, bookingKind, actor, { serviceId: scan.id, patientId: selfId, date, startTime: '09:00', source: 'CONSOLE' }, midnight);
    for (const id of [theirs, mine]) expect((await worker.post(`/api/bookings/${id}/actions/check-in`, {})).statusCode).toBe(200);
    expect(await positionOf(`/api/patient/bookings/${mine}/queue`)).toMatchObject({ you: 'M-002', nowServing: null, ahead: 1, estimateMinutes: 30, estimateBasis: 'SLOT' });
  });
});
