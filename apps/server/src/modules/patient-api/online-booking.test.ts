import { paginatedSchema, patientDoctorSchema, patientServiceSchema, slotsResponseSchema, type ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, addScan, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from './test-support.js';

const issuesOf = (response: { json<T>(): T }) => response.json<ErrorBody>().issues?.map((issue) => issue.path);

describe.each(drivers)('patient app: the organisation’s online booking rules (%s)', (driver) => {
  // 10:30 in India: with the default 60 minutes' cut-off, today's first bookable slot is about 11:30.
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let patient: PatientApp;
  let doctor: { id: string };
  let scan: { id: string };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL', onlineBooking: {} });
    ({ admin } = await staffClients(t.app, org));
    [doctor, scan] = await Promise.all([addDoctor(admin, { name: 'Dr. Meera Joshi' }), addScan(admin)]);
    patient = await signInPatient(t);
  });

  const bookDoctor = (body: Record<string, unknown>, organisationId = org.id) =>
    patient.post('/api/patient/appointments', {
      organisationId,
      doctorId: doctor.id,
      date: daysFromToday(3),
      startTime: '09:00',
      patient: { name: 'Sunita Pawar', gender: 'FEMALE' },
      ...body,
    });
  const bookScan = (serviceId: string, organisationId = org.id) =>
    patient.post('/api/patient/bookings', { organisationId, serviceId, date: daysFromToday(3), startTime: '09:00', patient: { name: 'Sunita Pawar', gender: 'FEMALE' } });
  const doctorSlots = async (date: string, doctorId = doctor.id) => {
    const response = await patient.get(`/api/patient/organisations/${org.id}/doctors/${doctorId}/slots?date=${date}`);
    expect(response.statusCode, response.body).toBe(200);
    return slotsResponseSchema.parse(response.json()).slots.map((slot) => slot.start);
  };

  it('offers today’s slots only from the cut-off on, and refuses one inside it naming startTime', async () => {
    const today = daysFromToday(0);
    // The pinned clock runs on from 10:30, so 11:30 may be a few seconds inside the hour already.
    expect(['11:30', '11:45']).toContain((await doctorSlots(today))[0]);
    const early = await bookDoctor({ date: today, startTime: '11:15' });
    expect(early.statusCode).toBe(400);
    expect(issuesOf(early)).toEqual(['startTime']);
    expect(early.json<ErrorBody>().message).toMatch(/60 minutes before the slot/);
    expect((await bookDoctor({ date: today, startTime: '12:00' })).statusCode).toBe(201);
    // The desk books inside the cut-off as before.
    const walkIn = await addPatient(admin);
    const desk = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: walkIn.id, date: today, startTime: '11:00' });
    expect(desk.statusCode, desk.body).toBe(201);
  });

  it('offers and takes dates up to the horizon, refusing later ones naming date', async () => {
    expect((await doctorSlots(daysFromToday(30))).length).toBeGreaterThan(0);
    expect(await doctorSlots(daysFromToday(31))).toEqual([]);
    const late = await bookDoctor({ date: daysFromToday(31) });
    expect(late.statusCode).toBe(400);
    expect(issuesOf(late)).toEqual(['date']);
    expect((await bookDoctor({ date: daysFromToday(30), startTime: '09:15' })).statusCode).toBe(201);
  });

  it('leaves out a doctor or scan that takes no online bookings, and refuses booking them naming the field', async () => {
    const [quiet, quietScan] = await Promise.all([addDoctor(admin, { name: 'Dr. Nitin Gokhale' }), addScan(admin)]);
    const switched = await admin.patch('/api/settings/online-booking', {
      doctors: [{ id: quiet.id, onlineBooking: false }],
      services: [{ id: quietScan.id, onlineBooking: false }],
    });
    expect(switched.statusCode, switched.body).toBe(200);

    const doctors = paginatedSchema(patientDoctorSchema).parse((await patient.get(`/api/patient/organisations/${org.id}/doctors?pageSize=100`)).json());
    expect(doctors.data.map((row) => row.id)).toEqual([doctor.id]);
    const services = paginatedSchema(patientServiceSchema).parse((await patient.get(`/api/patient/organisations/${org.id}/services?pageSize=100`)).json());
    expect(services.data.map((row) => row.id)).toEqual([scan.id]);

    const slots = await patient.get(`/api/patient/organisations/${org.id}/doctors/${quiet.id}/slots?date=${daysFromToday(3)}`);
    expect(slots.statusCode).toBe(403);
    const refused = await bookDoctor({ doctorId: quiet.id });
    expect(refused.statusCode).toBe(403);
    expect(issuesOf(refused)).toEqual(['doctorId']);
    const refusedScan = await bookScan(quietScan.id);
    expect(refusedScan.statusCode).toBe(403);
    expect(issuesOf(refusedScan)).toEqual(['serviceId']);
  });

  it('offers nothing of an organisation with online booking off, and refuses its bookings naming organisationId; the desk still books', async () => {
    const closed = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const closedAdmin = (await staffClients(t.app, closed)).admin;
    const [closedDoctor, closedScan] = await Promise.all([addDoctor(closedAdmin), addScan(closedAdmin)]);
    for (const list of ['doctors', 'services']) {
      const response = await patient.get(`/api/patient/organisations/${closed.id}/${list}`);
      expect(response.json<{ data: unknown[]; total: number }>()).toMatchObject({ data: [], total: 0 });
    }
    const refused = await bookDoctor({ doctorId: closedDoctor.id }, closed.id);
    expect(refused.statusCode).toBe(403);
    expect(issuesOf(refused)).toEqual(['organisationId']);
    const refusedScan = await bookScan(closedScan.id, closed.id);
    expect(issuesOf(refusedScan)).toEqual(['organisationId']);

    const walkIn = await addPatient(closedAdmin);
    expect((await closedAdmin.post('/api/appointments', { doctorId: closedDoctor.id, patientId: walkIn.id, date: daysFromToday(3), startTime: '09:00' })).statusCode).toBe(201);

    expect((await closedAdmin.patch('/api/settings/online-booking', { enabled: true })).statusCode).toBe(200);
    expect((await bookDoctor({ doctorId: closedDoctor.id, startTime: '09:15' }, closed.id)).statusCode).toBe(201);
  });
});
