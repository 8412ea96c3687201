import { patientAppointmentSchema, patientBookingSchema, type Appointment, type ErrorBody } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from './test-support.js';

describe.each(drivers)('POST /api/patient/{appointments|bookings}/{id}/reschedule (%s)', (driver) => {
  // 10:30 in India, a 60 minutes' cut-off and 5 days' horizon.
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let patient: PatientApp;
  let doctorId: string;

  const book = async (date: string, startTime: string) => {
    const response = await patient.post('/api/patient/appointments', { organisationId: org.id, doctorId, date, startTime, patient: { name: 'Meena Gokhale', gender: 'FEMALE' } });
    expect(response.statusCode, response.body).toBe(201);
    return patientAppointmentSchema.parse(response.json());
  };
  const issuePaths = (response: { json: <T>() => T }) => response.json<ErrorBody>().issues?.map((issue) => issue.path);

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: { horizonDays: 5, cutoffMinutes: 60 } });
    ({ admin } = await staffClients(t.app, org));
    patient = await signInPatient(t);
    doctorId = (await addDoctor(admin, { slotMinutes: 15, patientsPerSlot: 1 })).id;
  });

  it('moves one’s own appointment to a free slot as the desk would: new time and token, history, and a message owed', async () => {
    const visit = await book(daysFromToday(2), '09:00');
    const moved = await patient.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(3), startTime: '09:30' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(patientAppointmentSchema.parse(moved.json())).toMatchObject({
      id: visit.id,
      date: daysFromToday(3),
      startTime: '09:30',
      endTime: '09:45',
      status: 'BOOKED',
      tokenNumber: 1,
    });

    const atDesk = (await admin.get(`/api/appointments/${visit.id}`)).json<Appointment>();
    expect(atDesk).toMatchObject({ date: daysFromToday(3), startTime: '09:30' });
    expect(atDesk.history?.find((entry) => entry.action === 'reschedule')).toMatchObject({
      byStaffId: null,
      note: expect.stringContaining('Rescheduled by the patient in the app'),
    });
    const owed = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.visitId, visit.id), eq(messages.event, 'rescheduled')));
    expect(owed.length).toBeGreaterThan(0);
    // The old slot is free again.
    const slots = (await patient.get(`/api/patient/organisations/${org.id}/doctors/${doctorId}/slots?date=${daysFromToday(2)}`)).json<{ slots: { start: string }[] }>();
    expect(slots.slots.map((slot) => slot.start)).toContain('09:00');
  });

  it('answers 409 for a full slot, as the desk', async () => {
    const visit = await book(daysFromToday(2), '10:00');
    const other = await addPatient(admin);
    expect((await admin.post('/api/appointments', { doctorId, patientId: other.id, date: daysFromToday(2), startTime: '10:15' })).statusCode).toBe(201);
    const full = await patient.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(2), startTime: '10:15' });
    expect(full.statusCode).toBe(409);
  });

  it('keeps to the online-booking rules: 400 naming date beyond the horizon, startTime inside the cut-off; 403 naming doctorId once it is off', async () => {
    const visit = await book(daysFromToday(2), '10:30');
    const beyond = await patient.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(6), startTime: '09:00' });
    expect(beyond.statusCode).toBe(400);
    expect(issuePaths(beyond)).toEqual(['date']);
    // 11:00 today starts in 30 minutes: inside the 60 minutes' cut-off.
    const tooSoon = await patient.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(0), startTime: '11:00' });
    expect(tooSoon.statusCode).toBe(400);
    expect(issuePaths(tooSoon)).toEqual(['startTime']);
    const notATime = await patient.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(2), startTime: '9am' });
    expect(notATime.statusCode).toBe(400);
    expect(issuePaths(notATime)).toEqual(['startTime']);
    const same = await patient.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(2), startTime: '10:30' });
    expect(same.statusCode).toBe(400);

    const offline = await addDoctor(admin);
    const theirs = (
      await patient.post('/api/patient/appointments', {
        organisationId: org.id,
        doctorId: offline.id,
        date: daysFromToday(2),
        startTime: '09:00',
        patient: { name: 'Meena Gokhale', gender: 'FEMALE' },
      })
    ).json<{ id: string }>();
    await admin.patch('/api/settings/online-booking', { doctors: [{ id: offline.id, onlineBooking: false }] });
    const off = await patient.post(`/api/patient/appointments/${theirs.id}/reschedule`, { date: daysFromToday(3), startTime: '09:00' });
    expect(off.statusCode).toBe(403);
    expect(issuePaths(off)).toEqual(['doctorId']);
  });

  it('answers 404 for another account’s visit and 409 for a cancelled one', async () => {
    const visit = await book(daysFromToday(4), '09:00');
    const stranger = await signInPatient(t);
    const notTheirs = await stranger.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(4), startTime: '09:15' });
    expect(notTheirs.statusCode).toBe(404);
    expect((await patient.post(`/api/patient/bookings/${visit.id}/reschedule`, { date: daysFromToday(4), startTime: '09:15' })).statusCode).toBe(404);

    expect((await patient.post(`/api/patient/appointments/${visit.id}/cancel`, {})).statusCode).toBe(200);
    const cancelled = await patient.post(`/api/patient/appointments/${visit.id}/reschedule`, { date: daysFromToday(4), startTime: '09:15' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json<ErrorBody>().message).toBe('Cannot reschedule: the appointment is CANCELLED');
  });

  it('moves a scan booking the same way', async () => {
    const scan = await addScan(admin);
    const booked = await patient.post('/api/patient/bookings', {
      organisationId: org.id,
      serviceId: scan.id,
      date: daysFromToday(2),
      startTime: '09:00',
      patient: { name: 'Meena Gokhale', gender: 'FEMALE' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { id } = booked.json<{ id: string }>();
    const moved = await patient.post(`/api/patient/bookings/${id}/reschedule`, { date: daysFromToday(2), startTime: '09:30' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(patientBookingSchema.parse(moved.json())).toMatchObject({ id, serviceId: scan.id, date: daysFromToday(2), startTime: '09:30' });
  });
});
