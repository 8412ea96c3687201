import { CANCELLED_BY_PATIENT, patientAppointmentSchema, type Appointment, type ErrorBody, type PatientAppointment, type PatientDoctor } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, doctors, notifications, patients } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import {
  EVERY_MORNING,
  addDoctor,
  addFacility,
  addPatient,
  createOrganisation,
  daysFromToday,
  staffClients,
  upcoming,
  type ApiClient,
  type OrganisationFixture,
} from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from './test-support.js';

describe.each(drivers)('patient app: doctors, booking, own visits, cancelling (%s)', (driver) => {
  // Dates are counted from India's today at a pinned mid-morning, not from whatever hour the suite runs at.
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let hospital: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let patient: PatientApp;
  let stranger: PatientApp;

  beforeAll(async () => {
    hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL', onlineBooking: {} });
    ({ admin, worker } = await staffClients(t.app, hospital));
    [patient, stranger] = await Promise.all([signInPatient(t), signInPatient(t)]);
  });

  const book = async (app: PatientApp, body: Record<string, unknown>) => {
    const response = await app.post('/api/patient/appointments', { organisationId: hospital.id, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return patientAppointmentSchema.parse(response.json());
  };

  it('lists an organisation’s active doctors with fee, facility and free slots', async () => {
    const org = await createOrganisation(t.database.db, { type: 'HOSPITAL', onlineBooking: {} });
    const { admin: orgAdmin } = await staffClients(t.app, org);
    const branch = await addFacility(t.database.db, org.id, 'Andheri Branch');
    const doctor = await addDoctor(orgAdmin, {
      name: 'Dr. Kavita Rao',
      specialization: 'Paediatrics',
      qualifications: 'MBBS, DCH',
      experienceYears: 9,
      consultationFeePaise: 60_000,
      photoUrl: '/uploads/kavita.png',
      facilityId: branch.id,
    });
    const retired = await addDoctor(orgAdmin, { name: 'Dr. Anil Mehta' });
    await orgAdmin.patch(`/api/doctors/${retired.id}`, { active: false });

    const list = await patient.get(`/api/patient/organisations/${org.id}/doctors`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      data: [
        {
          id: doctor.id,
          name: 'Dr. Kavita Rao',
          specialization: 'Paediatrics',
          qualifications: 'MBBS, DCH',
          experienceYears: 9,
          feePaise: 60_000,
          photoUrl: '/uploads/kavita.png',
          facility: { id: branch.id, name: 'Andheri Branch' },
        } satisfies PatientDoctor,
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    });
    expect((await patient.get(`/api/patient/organisations/${org.id}/doctors?search=kav&specialization=Paediatrics`)).json()).toMatchObject({ total: 1 });
    expect((await patient.get(`/api/patient/organisations/${org.id}/doctors?search=zzz`)).json()).toMatchObject({ total: 0 });

    const date = upcoming(3);
    const slots = await patient.get(`/api/patient/organisations/${org.id}/doctors/${doctor.id}/slots?date=${date}`);
    expect(slots.statusCode).toBe(200);
    // The desk's answer adds the full slots and the day's extras, which are the desk's to offer.
    const { full: _full, extras: _extras, ...desk } = (await orgAdmin.get(`/api/doctors/${doctor.id}/slots?date=${date}`)).json<Record<string, unknown>>();
    expect(slots.json()).toEqual(desk);
    expect((await patient.get(`/api/patient/organisations/${org.id}/doctors/${retired.id}/slots?date=${date}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown organisation and for another organisation’s doctor', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await patient.get(`/api/patient/organisations/${unknown}/doctors`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().message).toBe('Organisation not found');

    const other = await createOrganisation(t.database.db, { onlineBooking: {} });
    const theirDoctor = await addDoctor((await staffClients(t.app, other)).admin);
    const date = upcoming(2);
    expect((await patient.get(`/api/patient/organisations/${hospital.id}/doctors/${theirDoctor.id}/slots?date=${date}`)).statusCode).toBe(404);
    const booking = await patient.post('/api/patient/appointments', {
      organisationId: hospital.id,
      doctorId: theirDoctor.id,
      date,
      startTime: '09:00',
      patient: { name: 'Sunita Pawar', gender: 'FEMALE' },
    });
    expect(booking.statusCode).toBe(404);
    expect(booking.json<ErrorBody>().message).toBe('Doctor not found');
  });

  it('a scan centre takes no appointments: no doctors listed, none bookable', async () => {
    const scan = await createOrganisation(t.database.db, { type: 'SCAN', onlineBooking: {} });
    // Its staff cannot add doctors (no Doctors area), but a row may exist from before a type change.
    const [doctor] = await t.database.db
      .insert(doctors)
      .values({ organisationId: scan.id, name: 'Dr. Radiologist', nameKey: 'dr. radiologist', specialization: 'Radiology', consultationFeePaise: 0, availability: EVERY_MORNING })
      .returning();
    expect((await patient.get(`/api/patient/organisations/${scan.id}/doctors`)).json()).toMatchObject({ total: 0, data: [] });
    const date = upcoming(2);
    expect((await patient.get(`/api/patient/organisations/${scan.id}/doctors/${doctor!.id}/slots?date=${date}`)).statusCode).toBe(404);
    const booking = await patient.post('/api/patient/appointments', {
      organisationId: scan.id,
      doctorId: doctor!.id,
      date,
      startTime: '09:00',
      patient: { name: 'Sunita Pawar', gender: 'FEMALE' },
    });
    expect(booking.statusCode).toBe(404);
  });

  it('books for a family member by name: source APP, no staff creator, the record carries the account’s phone and is reused', async () => {
    const doctor = await addDoctor(admin, { name: 'Dr. Meera Joshi', specialization: 'Cardiology', consultationFeePaise: 90_000 });
    const date = upcoming(2);
    const created = await book(patient, {
      doctorId: doctor.id,
      date,
      startTime: '10:30',
      reason: 'Chest pain',
      patient: { name: 'Rohan Deshpande', gender: 'MALE', dateOfBirth: '1990-02-01' },
    });
    expect(created).toMatchObject({
      organisationId: hospital.id,
      organisationName: hospital.name,
      doctorName: 'Dr. Meera Joshi',
      patientName: 'Rohan Deshpande',
      date,
      startTime: '10:30',
      endTime: '10:45',
      tokenNumber: 1,
      tokenLabel: '001',
      status: 'BOOKED',
      feePaise: 90_000,
      source: 'APP',
      reason: 'Chest pain',
    } satisfies Partial<PatientAppointment>);
    const [record] = await t.database.db.select().from(patients).where(eq(patients.id, created.patientId));
    expect(record).toMatchObject({ organisationId: hospital.id, phone: patient.phone, gender: 'MALE', dateOfBirth: '1990-02-01' });

    const staffView = (await worker.get(`/api/appointments/${created.id}`)).json<Appointment>();
    expect(staffView).toMatchObject({ source: 'APP', patientPhone: patient.phone });
    expect(staffView.history).toEqual([expect.objectContaining({ action: 'created', byStaffId: null, byName: null, toStatus: 'BOOKED' })]);
    const [row] = await t.database.db.select({ createdBy: appointments.createdBy }).from(appointments).where(eq(appointments.id, created.id));
    expect(row?.createdBy).toBeNull();

    const second = await book(patient, { doctorId: doctor.id, date, startTime: '11:00', patient: { name: ' rohan  deshpande ', gender: 'MALE' } });
    expect(second.patientId).toBe(created.patientId);
  });

  it('notifies each staff member who sees appointments, once', async () => {
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: {} });
    const { admin: orgAdmin } = await staffClients(t.app, org);
    const doctor = await addDoctor(orgAdmin, { name: 'Dr. Meera Joshi', specialization: 'Cardiology' });
    const date = daysFromToday(10);
    const dayMonth = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const response = await patient.post('/api/patient/appointments', {
      organisationId: org.id,
      doctorId: doctor.id,
      date,
      startTime: '10:30',
      patient: { name: 'Rohan Deshpande', gender: 'MALE' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<PatientAppointment>();
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.organisationId, org.id));
    expect(rows.map((n) => n.recipientStaffId).sort()).toEqual([org.admin.id, org.worker.id].sort());
    expect(rows[0]).toMatchObject({
      type: 'appointment-created',
      message: `Rohan Deshpande booked Dr. Meera Joshi (Cardiology) for ${dayMonth}, 10:30 am — token 001`,
      details: { appointmentId: created.id, patientId: created.patientId, date },
    });
    // A patient's booking has no staff actor: every recipient is toasted.
    expect(rows.every((row) => row.details.actorStaffId === undefined)).toBe(true);
  });

  it('books for one of the account’s own patients by id; anyone else’s patient is not found', async () => {
    const doctor = await addDoctor(admin);
    const date = upcoming(3);
    const mine = await addPatient(admin, { name: 'Lata Kulkarni', phone: patient.phone });
    const created = await book(patient, { doctorId: doctor.id, date, startTime: '09:00', patient: { patientId: mine.id } });
    expect(created).toMatchObject({ patientId: mine.id, patientName: 'Lata Kulkarni' });

    const theirs = await addPatient(admin, { phone: stranger.phone });
    const refused = await patient.post('/api/patient/appointments', {
      organisationId: hospital.id,
      doctorId: doctor.id,
      date,
      startTime: '09:15',
      patient: { patientId: theirs.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<ErrorBody>().message).toBe('Patient not found');

    const other = await createOrganisation(t.database.db, { onlineBooking: {} });
    const elsewhere = await addPatient((await staffClients(t.app, other)).admin, { phone: patient.phone });
    expect(
      (await patient.post('/api/patient/appointments', { organisationId: hospital.id, doctorId: doctor.id, date, startTime: '09:15', patient: { patientId: elsewhere.id } }))
        .statusCode,
    ).toBe(404);
  });

  it('names what is missing about the patient, and refuses a taken slot with 409', async () => {
    const doctor = await addDoctor(admin);
    const date = upcoming(4);
    const incomplete = await patient.post('/api/patient/appointments', { organisationId: hospital.id, doctorId: doctor.id, date, startTime: '09:00', patient: {} });
    expect(incomplete.statusCode).toBe(400);
    expect(
      incomplete
        .json<ErrorBody>()
        .issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['patient.gender', 'patient.name']);

    await book(stranger, { doctorId: doctor.id, date, startTime: '09:00', patient: { name: 'Imran Shaikh', gender: 'MALE' } });
    const taken = await patient.post('/api/patient/appointments', {
      organisationId: hospital.id,
      doctorId: doctor.id,
      date,
      startTime: '09:00',
      patient: { name: 'Sunita Pawar', gender: 'FEMALE' },
    });
    expect(taken.statusCode).toBe(409);
    // The refused booking left no new patient record behind.
    const sunitas = await t.database.db
      .select()
      .from(patients)
      .where(and(eq(patients.organisationId, hospital.id), eq(patients.phone, patient.phone), eq(patients.name, 'Sunita Pawar')));
    expect(sunitas).toHaveLength(0);
  });

  it('lists only the account’s own visits, in every organisation, latest first, in pages', async () => {
    const family = await signInPatient(t);
    const clinic = await createOrganisation(t.database.db, { onlineBooking: {} });
    const clinicAdmin = (await staffClients(t.app, clinic)).admin;
    const [here, there] = await Promise.all([addDoctor(admin), addDoctor(clinicAdmin)]);
    // Days in order, whatever today's weekday (upcoming(weekday) dates are ordered only some days of the week).
    const early = await book(family, { doctorId: here.id, date: daysFromToday(2), startTime: '09:00', patient: { name: 'Asha Patil', gender: 'FEMALE' } });
    const late = await book(family, {
      organisationId: clinic.id,
      doctorId: there.id,
      date: daysFromToday(5),
      startTime: '09:00',
      patient: { name: 'Vijay Patil', gender: 'MALE' },
    });
    // Booked at the desk for a patient carrying the family's phone: theirs too.
    const deskPatient = await addPatient(admin, { name: 'Meena Patil', phone: family.phone });
    const desk = (await admin.post('/api/appointments', { doctorId: here.id, patientId: deskPatient.id, date: daysFromToday(3), startTime: '09:00' })).json<Appointment>();
    await book(stranger, { doctorId: here.id, date: daysFromToday(2), startTime: '09:30', patient: { name: 'Imran Shaikh', gender: 'MALE' } });

    const all = (await family.get('/api/patient/appointments')).json<{ data: PatientAppointment[]; total: number }>();
    expect(all.total).toBe(3);
    expect(all.data.map((visit) => visit.id)).toEqual([late.id, desk.id, early.id]);
    expect(all.data[0]).toMatchObject({ organisationId: clinic.id, organisationName: clinic.name, source: 'APP' });
    expect(all.data[1]).toMatchObject({ source: 'CONSOLE', patientName: 'Meena Patil' });

    const page2 = (await family.get('/api/patient/appointments?page=2&pageSize=2')).json<{ data: PatientAppointment[]; total: number; page: number }>();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.data.map((visit) => visit.id)).toEqual([early.id]);
  });

  it('cancels its own visit (no reason needed), frees the slot, and records who cancelled', async () => {
    const doctor = await addDoctor(admin);
    const date = upcoming(6);
    const visit = await book(patient, { doctorId: doctor.id, date, startTime: '12:00', patient: { name: 'Rohan Deshpande', gender: 'MALE' } });

    const cancelled = await patient.post(`/api/patient/appointments/${visit.id}/cancel`, { reason: 'Feeling better' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: visit.id, status: 'CANCELLED', cancelReason: `${CANCELLED_BY_PATIENT}: Feeling better` });
    const staffView = (await admin.get(`/api/appointments/${visit.id}`)).json<Appointment>();
    expect(staffView.history?.at(-1)).toMatchObject({
      action: 'cancel',
      byStaffId: null,
      fromStatus: 'BOOKED',
      toStatus: 'CANCELLED',
      note: `${CANCELLED_BY_PATIENT}: Feeling better`,
    });
    const slots = (await patient.get(`/api/patient/organisations/${hospital.id}/doctors/${doctor.id}/slots?date=${date}`)).json<{ slots: { start: string }[] }>();
    expect(slots.slots.map((slot) => slot.start)).toContain('12:00');

    const again = await patient.post(`/api/patient/appointments/${visit.id}/cancel`, {});
    expect(again.statusCode).toBe(409);

    const checkedIn = await book(patient, { doctorId: doctor.id, date, startTime: '12:15', patient: { name: 'Rohan Deshpande', gender: 'MALE' } });
    await worker.post(`/api/appointments/${checkedIn.id}/actions/check-in`, {});
    const plain = await patient.post(`/api/patient/appointments/${checkedIn.id}/cancel`);
    expect(plain.json()).toMatchObject({ status: 'CANCELLED', cancelReason: CANCELLED_BY_PATIENT });
  });

  it('another account’s visit is not found: neither read nor cancelled', async () => {
    const doctor = await addDoctor(admin);
    const visit = await book(patient, { doctorId: doctor.id, date: upcoming(5), startTime: '12:30', patient: { name: 'Rohan Deshpande', gender: 'MALE' } });
    expect((await stranger.get(`/api/patient/appointments/${visit.id}`)).statusCode).toBe(404);
    const cancel = await stranger.post(`/api/patient/appointments/${visit.id}/cancel`, {});
    expect(cancel.statusCode).toBe(404);
    expect((await patient.get(`/api/patient/appointments/${visit.id}`)).json()).toMatchObject({ status: 'BOOKED' });
  });
});
