import { appointmentSchema, slotsResponseSchema, type Appointment, type ErrorBody } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, staff } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import {
  addDoctor,
  addPatient,
  createOrganisation,
  daysFromToday,
  doctorInput,
  staffClients,
  uniqueEmail,
  upcoming,
  type ApiClient,
  type OrganisationFixture,
} from '../../test/fixtures.js';

describe.each(drivers)('appointments: booking, reading and listing (%s)', (driver) => {
  const t = useTestApp(driver);
  let hospital: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    hospital = await createOrganisation(t.database.db);
    ({ admin, worker } = await staffClients(t.app, hospital));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db)));
  });

  const book = async (client: ApiClient, body: Record<string, unknown>) => {
    const response = await client.post('/api/appointments', body);
    expect(response.statusCode, response.body).toBe(201);
    return appointmentSchema.parse(response.json()) as Appointment;
  };

  it('a worker books a free slot: the fee, token, creator and history are recorded and the slot is gone', async () => {
    const doctor = await addDoctor(admin, { name: 'Dr. Meera Joshi', consultationFeePaise: 90_000, tokenPrefix: 'a' });
    const patient = await addPatient(worker, { name: 'Rohan Deshpande' });
    const date = upcoming(2);
    const before = slotsResponseSchema.parse((await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json());
    expect(before).toMatchObject({ date, timeZone: 'Asia/Kolkata' });
    expect(before.slots[0]).toEqual({ start: '09:00', end: '09:15', capacity: 1, remaining: 1 });
    expect(before.slots).toHaveLength(16);

    const created = await book(worker, { doctorId: doctor.id, patientId: patient.id, date, startTime: '10:30', reason: 'Chest pain' });
    expect(created).toMatchObject({
      doctorName: 'Dr. Meera Joshi',
      patientName: 'Rohan Deshpande',
      date,
      startTime: '10:30',
      endTime: '10:45',
      tokenNumber: 1,
      tokenLabel: 'A-001',
      status: 'BOOKED',
      feePaise: 90_000,
      paymentStatus: 'UNPAID',
      source: 'CONSOLE',
      reason: 'Chest pain',
    });
    const read = (await worker.get(`/api/appointments/${created.id}`)).json<Appointment>();
    expect(read.history).toEqual([expect.objectContaining({ action: 'created', byStaffId: hospital.worker.id, byName: 'Wasim Worker', toStatus: 'BOOKED' })]);
    // The 201 is built from what the booking wrote, not read back: it must be the record itself.
    expect(created).toEqual(read);

    // The fee is the one at booking time: a later change of the doctor's fee does not touch it.
    await admin.patch(`/api/doctors/${doctor.id}`, { consultationFeePaise: 120_000 });
    expect((await worker.get(`/api/appointments/${created.id}`)).json<Appointment>().feePaise).toBe(90_000);

    const after = slotsResponseSchema.parse((await worker.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json());
    expect(after.slots.map((slot) => slot.start)).not.toContain('10:30');
    expect(after.slots).toHaveLength(15);
  });

  it('refuses what is not a real, future slot of an active doctor who is at work, naming the field', async () => {
    const date = upcoming(3);
    const doctor = await addDoctor(admin, { leaveDates: [upcoming(4)] });
    const patient = await addPatient(admin);
    const attempt = (body: Record<string, unknown>) => admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date, startTime: '09:00', ...body });

    const offGrid = await attempt({ startTime: '09:07' });
    expect(offGrid.statusCode).toBe(400);
    expect(offGrid.json<ErrorBody>().issues?.[0]?.path).toBe('startTime');
    expect((await attempt({ startTime: '14:00' })).statusCode).toBe(400);
    const past = await attempt({ date: daysFromToday(-3) });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().message).toBe('This time has already passed');
    expect((await attempt({ date: upcoming(4) })).statusCode).toBe(409);
    expect((await attempt({ patientId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await attempt({ startTime: '9:00' })).statusCode).toBe(400);

    await admin.patch(`/api/doctors/${doctor.id}`, { active: false });
    const inactive = await attempt({});
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json<ErrorBody>().message).toBe('Doctor is inactive');
    expect((await admin.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json()).toMatchObject({ slots: [] });
  });

  it('keeps organisations apart: another organisation’s doctor, patient and appointment are not found', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    const date = upcoming(5);
    const mine = await book(admin, { doctorId: doctor.id, patientId: patient.id, date, startTime: '11:00' });
    const theirPatient = await addPatient(outsider);

    expect((await outsider.get(`/api/appointments/${mine.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).statusCode).toBe(404);
    expect((await outsider.post(`/api/appointments/${mine.id}/actions/cancel`, { reason: 'x' })).statusCode).toBe(404);
    expect((await outsider.post(`/api/appointments/${mine.id}/reschedule`, { date, startTime: '12:00' })).statusCode).toBe(404);
    expect((await outsider.post('/api/appointments', { doctorId: doctor.id, patientId: theirPatient.id, date, startTime: '12:00' })).statusCode).toBe(404);
    expect((await admin.post('/api/appointments', { doctorId: doctor.id, patientId: theirPatient.id, date, startTime: '12:00' })).statusCode).toBe(404);
    expect((await outsider.get(`/api/appointments?doctorId=${doctor.id}`)).json()).toMatchObject({ total: 0, data: [] });
  });

  it('a scan centre has no appointments area: 403', async () => {
    const scan = await createOrganisation(t.database.db, { type: 'SCAN' });
    const clients = await staffClients(t.app, scan);
    expect((await clients.admin.get('/api/appointments')).statusCode).toBe(403);
    const body = { doctorId: '00000000-0000-4000-8000-000000000000', patientId: '00000000-0000-4000-8000-000000000000', date: upcoming(1), startTime: '09:00' };
    expect((await clients.worker.post('/api/appointments', body)).statusCode).toBe(403);
  });

  it('a doctor or patient with an appointment cannot be deleted: 409, deactivate instead', async () => {
    const doctor = await addDoctor(admin);
    const patient = await addPatient(admin);
    await book(admin, { doctorId: doctor.id, patientId: patient.id, date: upcoming(6), startTime: '09:15' });
    const doctorDelete = await admin.delete(`/api/doctors/${doctor.id}`);
    expect(doctorDelete.statusCode).toBe(409);
    expect((await admin.delete(`/api/patients/${patient.id}`)).statusCode).toBe(409);
  });

  it('notifies every active staff member who sees appointments, and nobody else', async () => {
    const org = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    const gone = { organisationId: org.id, name: 'Gone Worker', email: uniqueEmail('gone'), role: 'WORKER' as const, passwordHash: 'not-used', active: false };
    const [inactive] = await t.database.db.insert(staff).values(gone).returning();
    const clients = await staffClients(t.app, org);
    const doctor = await addDoctor(clients.admin, { name: 'Dr. Meera Joshi', specialization: 'Cardiology', photoUrl: '/uploads/meera.png' });
    const patient = await addPatient(clients.admin, { name: 'Rohan Deshpande' });
    const created = await book(clients.worker, { doctorId: doctor.id, patientId: patient.id, date: '2099-11-24', startTime: '10:30' });

    const rows = await t.database.db.select().from(notifications).where(eq(notifications.organisationId, org.id));
    expect(rows.map((row) => row.recipientStaffId).sort()).toEqual([org.admin.id, org.worker.id].sort());
    expect(rows.map((row) => row.recipientStaffId)).not.toContain(inactive!.id);
    expect(rows[0]).toMatchObject({
      type: 'appointment-created',
      title: 'New appointment',
      message: 'Rohan Deshpande booked Dr. Meera Joshi (Cardiology) for 24 Nov, 10:30 am — token 001',
      // The day opens the list on it; the actor is not toasted about their own booking.
      details: { appointmentId: created.id, patientId: patient.id, img: '/uploads/meera.png', date: '2099-11-24', actorStaffId: org.worker.id },
    });
    // Nothing leaks to the other organisation's staff.
    const others = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, hospital.id), eq(notifications.message, rows[0]!.message)));
    expect(others).toHaveLength(0);
    expect((await clients.admin.get('/api/notifications/all')).json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('words each recipient’s notification of a booking in their own language', async () => {
    const org = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    const clients = await staffClients(t.app, org);
    expect((await clients.admin.patch('/api/account', { language: 'hi' })).statusCode).toBe(200);
    const doctor = await addDoctor(clients.admin, { name: 'Dr. Meera Joshi', specialization: 'Cardiology', tokenPrefix: 'A' });
    const patient = await addPatient(clients.admin, { name: 'Rohan Deshpande' });
    await book(clients.worker, { doctorId: doctor.id, patientId: patient.id, date: '2099-11-24', startTime: '10:30' });

    const rows = await t.database.db.select().from(notifications).where(eq(notifications.organisationId, org.id));
    expect(Object.fromEntries(rows.map((row) => [row.recipientStaffId, [row.title, row.message]]))).toEqual({
      [org.admin.id]: ['नया अपॉइंटमेंट', 'Rohan Deshpande ने Dr. Meera Joshi (Cardiology) के लिए 24 नव॰, 10:30 am का समय बुक किया — टोकन A-001'],
      [org.worker.id]: ['New appointment', 'Rohan Deshpande booked Dr. Meera Joshi (Cardiology) for 24 Nov, 10:30 am — token A-001'],
    });
    // The bell shows each their own row.
    const bell = (await clients.admin.get('/api/notifications/all')).json<{ data: { title: string }[] }>().data;
    expect(bell.map((item) => item.title)).toEqual(['नया अपॉइंटमेंट']);
  });

  it('a doctor’s token prefix is up to three letters or digits, stored upper-case', async () => {
    const bad = await admin.post('/api/doctors', { ...doctorInput(), tokenPrefix: 'ABCD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().issues?.[0]?.path).toBe('tokenPrefix');
    const doctor = await addDoctor(admin, { tokenPrefix: 'c2' });
    expect((await admin.get(`/api/doctors/${doctor.id}`)).json()).toMatchObject({ tokenPrefix: 'C2' });
    expect((await admin.patch(`/api/doctors/${doctor.id}`, { tokenPrefix: null })).json()).toMatchObject({ tokenPrefix: null });
  });
});
