import {
  appointmentSchema,
  bookingSchema,
  paginatedSchema,
  patientAppointmentSchema,
  patientBookingSchema,
  publicOrganisationSchema,
  slotsResponseSchema,
  type AppointmentSummary,
  type BookingSummary,
  type ErrorBody,
  type Notification,
} from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { randomIp, signInPatient, type PatientApp } from '../patient-api/test-support.js';

describe.each(drivers)('online bookings awaiting the desk’s confirmation (%s)', (driver) => {
  // 10:30 in India: today's slots from about 11:30 are bookable in the app, and can be checked in.
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let patient: PatientApp;
  let doctor: { id: string };
  let scan: { id: string };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: {} });
    ({ admin, worker } = await staffClients(t.app, org));
    [doctor, scan] = await Promise.all([addDoctor(admin, { name: 'Dr. Meera Joshi' }), addScan(admin)]);
    patient = await signInPatient(t);
  });

  const requireConfirmation = async (on: boolean) => {
    const response = await admin.patch('/api/settings/online-booking', { requireConfirmation: on });
    expect(response.statusCode, response.body).toBe(200);
  };
  const bookInApp = async (startTime: string, date = daysFromToday(3)) => {
    const response = await patient.post('/api/patient/appointments', {
      organisationId: org.id,
      doctorId: doctor.id,
      date,
      startTime,
      patient: { name: 'Sunita Pawar', gender: 'FEMALE' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return patientAppointmentSchema.parse(response.json());
  };
  const bookScanInApp = async (startTime: string) => {
    const response = await patient.post('/api/patient/bookings', {
      organisationId: org.id,
      serviceId: scan.id,
      date: daysFromToday(3),
      startTime,
      patient: { name: 'Sunita Pawar', gender: 'FEMALE' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return patientBookingSchema.parse(response.json());
  };
  const appointment = async (id: string) => appointmentSchema.parse((await worker.get(`/api/appointments/${id}`)).json());
  const confirm = (id: string, client = worker) => client.post(`/api/appointments/${id}/confirm`, {});

  it('an app booking awaits confirmation when the organisation asks for it, holding its slot and token; the desk is told so', async () => {
    await requireConfirmation(true);
    const page = await t.app.inject({ url: `/api/public/organisations/${org.slug}`, remoteAddress: randomIp() });
    expect(publicOrganisationSchema.parse(page.json()).requireConfirmation).toBe(true);

    const booked = await bookInApp('09:00');
    expect(booked).toMatchObject({ awaitingConfirmation: true, status: 'BOOKED', tokenNumber: 1 });
    expect(await appointment(booked.id)).toMatchObject({ awaitingConfirmation: true, source: 'APP' });
    // The slot is taken (the doctor sees one patient a slot): neither the app nor the desk may book it again.
    const slots = await patient.get(`/api/patient/organisations/${org.id}/doctors/${doctor.id}/slots?date=${daysFromToday(3)}`);
    expect(slotsResponseSchema.parse(slots.json()).slots.map((slot) => slot.start)).not.toContain('09:00');
    const walkIn = await addPatient(admin);
    expect((await worker.post('/api/appointments', { doctorId: doctor.id, patientId: walkIn.id, date: daysFromToday(3), startTime: '09:00' })).statusCode).toBe(409);

    const { data } = (await worker.get('/api/notifications/all')).json<{ data: Notification[] }>();
    const told = data.find((item) => item.details.appointmentId === booked.id);
    expect(told?.title).toBe('New appointment to confirm');
    expect(told?.message).toMatch(/awaiting your confirmation$/);

    const scanBooking = await bookScanInApp('09:00');
    expect(scanBooking.awaitingConfirmation).toBe(true);
    expect(bookingSchema.parse((await worker.get(`/api/bookings/${scanBooking.id}`)).json()).awaitingConfirmation).toBe(true);
  });

  it('with the setting off, an app booking needs no confirmation; the desk’s own bookings never do', async () => {
    await requireConfirmation(false);
    expect((await bookInApp('10:00')).awaitingConfirmation).toBe(false);

    await requireConfirmation(true);
    const walkIn = await addPatient(admin);
    const desk = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: walkIn.id, date: daysFromToday(3), startTime: '10:15', source: 'APP' });
    expect(desk.statusCode, desk.body).toBe(201);
    expect(appointmentSchema.parse(desk.json()).awaitingConfirmation).toBe(false);
    const deskBooking = await worker.post('/api/bookings', { serviceId: scan.id, patientId: walkIn.id, date: daysFromToday(3), startTime: '10:00' });
    expect(bookingSchema.parse(deskBooking.json()).awaitingConfirmation).toBe(false);
  });

  it('the desk confirms once, with a history line; again is a 409 saying why', async () => {
    await requireConfirmation(true);
    const booked = await bookInApp('11:00');
    const response = await confirm(booked.id);
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = appointmentSchema.parse(response.json());
    expect(confirmed).toMatchObject({ awaitingConfirmation: false, status: 'BOOKED' });
    expect(confirmed.history?.map((entry) => [entry.action, entry.toStatus, entry.byStaffId])).toEqual([
      ['created', 'BOOKED', null],
      ['confirmed', 'BOOKED', org.worker.id],
    ]);
    expect((await patient.get(`/api/patient/appointments/${booked.id}`)).json<{ awaitingConfirmation: boolean }>().awaitingConfirmation).toBe(false);

    const again = await confirm(booked.id, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().message).toBe('This appointment is not awaiting confirmation');
    const desk = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: (await addPatient(admin)).id, date: daysFromToday(3), startTime: '11:15' });
    expect((await confirm(desk.json<{ id: string }>().id)).statusCode).toBe(409);
  });

  it('a cancelled (declined) booking cannot be confirmed; another organisation’s is not found; a menu without the area is refused', async () => {
    await requireConfirmation(true);
    const booked = await bookInApp('11:30');
    const declined = await worker.post(`/api/appointments/${booked.id}/actions/cancel`, { reason: 'The doctor is away that morning' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(appointmentSchema.parse(declined.json()).awaitingConfirmation).toBe(false);
    const refused = await confirm(booked.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().message).toBe('Cannot confirm: the appointment is CANCELLED');

    const waiting = await bookInApp('11:45');
    const other = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const outsider = (await staffClients(t.app, other)).worker;
    expect((await confirm(waiting.id, outsider)).statusCode).toBe(404);
    expect((await outsider.post(`/api/bookings/${waiting.id}/confirm`, {})).statusCode).toBe(404);
    // A scan centre's menu has no appointments; a hospital's (default) has no bookings.
    const scanCentre = await createOrganisation(t.database.db, { type: 'SCAN' });
    expect((await confirm(waiting.id, (await staffClients(t.app, scanCentre)).worker)).statusCode).toBe(403);
    const hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    expect((await (await staffClients(t.app, hospital)).worker.post(`/api/bookings/${waiting.id}/confirm`, {})).statusCode).toBe(403);
    expect((await appointment(waiting.id)).awaitingConfirmation).toBe(true);
  });

  it('checking the patient in confirms the visit too', async () => {
    await requireConfirmation(true);
    const booked = await bookInApp('12:00', daysFromToday(0));
    const checkedIn = await worker.post(`/api/appointments/${booked.id}/actions/check-in`, {});
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const visit = appointmentSchema.parse(checkedIn.json());
    expect(visit).toMatchObject({ status: 'CHECKED_IN', awaitingConfirmation: false });
    expect(visit.history?.map((entry) => [entry.action, entry.note])).toEqual([
      ['created', null],
      ['check-in', 'Confirmed at check-in'],
    ]);
    expect((await confirm(booked.id)).statusCode).toBe(409);
  });

  it('confirms a scan booking the same way', async () => {
    await requireConfirmation(true);
    const booked = await bookScanInApp('11:00');
    const response = await worker.post(`/api/bookings/${booked.id}/confirm`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(bookingSchema.parse(response.json())).toMatchObject({ awaitingConfirmation: false, status: 'BOOKED' });
    expect((await worker.post(`/api/bookings/${booked.id}/confirm`, {})).statusCode).toBe(409);
  });

  it('lists only the visits awaiting confirmation, or only the others, on request', async () => {
    await requireConfirmation(true);
    const waiting = await bookInApp('12:30');
    const waitingScan = await bookScanInApp('12:00');
    const list = async (url: string) => {
      const response = await worker.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: (AppointmentSummary | BookingSummary)[]; total: number }>();
    };
    const awaiting = paginatedSchema(appointmentSchema.pick({ id: true, awaitingConfirmation: true })).parse(
      await list(`/api/appointments?awaitingConfirmation=true&pageSize=200`),
    );
    expect(awaiting.data.map((row) => row.id)).toContain(waiting.id);
    expect(awaiting.data.every((row) => row.awaitingConfirmation)).toBe(true);
    const others = await list(`/api/appointments?awaitingConfirmation=false&pageSize=200`);
    expect(others.data.map((row) => row.id)).not.toContain(waiting.id);
    expect(others.data.every((row) => !row.awaitingConfirmation)).toBe(true);
    const everything = await list(`/api/appointments?pageSize=200`);
    expect(everything.total).toBe(awaiting.total + others.total);

    const scans = await list(`/api/bookings?awaitingConfirmation=true&pageSize=200`);
    expect(scans.data.map((row) => row.id)).toContain(waitingScan.id);
    expect(scans.data.every((row) => row.awaitingConfirmation)).toBe(true);
    const bad = await worker.get('/api/appointments?awaitingConfirmation=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['awaitingConfirmation']);
  });

  it('asks each member of the desk to confirm in their own language', async () => {
    await requireConfirmation(true);
    expect((await admin.patch('/api/account', { language: 'kn' })).statusCode).toBe(200);
    try {
      const booked = await bookInApp('12:45');
      const told = async (client: ApiClient) =>
        (await client.get('/api/notifications/all')).json<{ data: Notification[] }>().data.find((item) => item.details.appointmentId === booked.id);
      expect(await told(admin)).toMatchObject({
        title: 'ದೃಢೀಕರಿಸಬೇಕಾದ ಹೊಸ ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್',
        message: expect.stringMatching(/^Sunita Pawar ಅವರು Dr\. Meera Joshi \(.+\) ಗೆ .+, 12:45 PM ಸಮಯವನ್ನು ಬುಕ್ ಮಾಡಿದ್ದಾರೆ — ಟೋಕನ್ \d+ — ನಿಮ್ಮ ದೃಢೀಕರಣಕ್ಕಾಗಿ ಕಾಯುತ್ತಿದೆ$/),
      });
      expect(await told(worker)).toMatchObject({ title: 'New appointment to confirm', message: expect.stringMatching(/, 12:45 pm — token \d+ — awaiting your confirmation$/) });
    } finally {
      await admin.patch('/api/account', { language: 'en' });
    }
  });
});
