import { CANCELLED_BY_PATIENT, patientBookingSchema, type Booking, type ErrorBody, type PatientBooking, type PatientService } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, notifications, patients } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addFacility, addPatient, addScan, createOrganisation, daysFromToday, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from './test-support.js';

describe.each(drivers)('patient app: scans and tests, booking, own bookings, cancelling (%s)', (driver) => {
  // Dates are counted from India's today at a pinned mid-morning, not from whatever hour the suite runs at.
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let centre: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let patient: PatientApp;
  let stranger: PatientApp;

  beforeAll(async () => {
    centre = await createOrganisation(t.database.db, { type: 'SCAN', onlineBooking: {} });
    ({ admin, worker } = await staffClients(t.app, centre));
    [patient, stranger] = await Promise.all([signInPatient(t), signInPatient(t)]);
  });

  const book = async (app: PatientApp, body: Record<string, unknown>, organisationId = centre.id) => {
    const response = await app.post('/api/patient/bookings', { organisationId, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return patientBookingSchema.parse(response.json());
  };

  it('lists active scans and tests with prices (not other services), by kind, and their free slots', async () => {
    const org = await createOrganisation(t.database.db, { type: 'SCAN', onlineBooking: {} });
    const { admin: orgAdmin } = await staffClients(t.app, org);
    const branch = await addFacility(t.database.db, org.id, 'Baner Centre');
    const mri = await addScan(orgAdmin, {
      name: 'MRI Brain',
      category: 'MRI',
      pricePaise: 650_000,
      preparation: 'Remove metal objects',
      reportTurnaroundHours: 24,
      facilityId: branch.id,
    });
    const test = await addScan(orgAdmin, { kind: 'TEST', name: 'Lipid Profile', category: 'Biochemistry', pricePaise: 90_000, durationMinutes: 15 });
    await addScan(orgAdmin, { kind: 'OTHER', name: 'Home Sample Collection', category: 'Home Care' });
    const retired = await addScan(orgAdmin, { name: 'X-Ray Chest', category: 'X-Ray' });
    await orgAdmin.patch(`/api/services/${retired.id}`, { active: false });

    const list = await patient.get(`/api/patient/organisations/${org.id}/services`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<{ data: PatientService[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.data.map((service) => service.name)).toEqual(['MRI Brain', 'Lipid Profile']);
    expect(body.data[0]).toEqual({
      id: mri.id,
      kind: 'SCAN',
      name: 'MRI Brain',
      category: 'MRI',
      description: null,
      pricePaise: 650_000,
      durationMinutes: 30,
      preparation: 'Remove metal objects',
      reportTurnaroundHours: 24,
      imageUrl: null,
      facility: { id: branch.id, name: 'Baner Centre' },
      includes: [],
    } satisfies PatientService);
    expect((await patient.get(`/api/patient/organisations/${org.id}/services?kind=TEST`)).json()).toMatchObject({ total: 1, data: [{ id: test.id }] });
    expect((await patient.get(`/api/patient/organisations/${org.id}/services?kind=OTHER`)).statusCode).toBe(400);

    const date = upcoming(3);
    const slots = await patient.get(`/api/patient/organisations/${org.id}/services/${mri.id}/slots?date=${date}`);
    expect(slots.statusCode).toBe(200);
    // The desk's answer adds the full slots and the day's extras, which are the desk's to offer.
    const { full: _full, extras: _extras, ...desk } = (await orgAdmin.get(`/api/services/${mri.id}/slots?date=${date}`)).json<Record<string, unknown>>();
    expect(slots.json()).toEqual(desk);
    expect((await patient.get(`/api/patient/organisations/${org.id}/services/${retired.id}/slots?date=${date}`)).statusCode).toBe(404);
  });

  it('a hospital takes no bookings; another organisation’s scan is not found', async () => {
    const hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL', onlineBooking: {} });
    expect((await patient.get(`/api/patient/organisations/${hospital.id}/services`)).json()).toMatchObject({ total: 0, data: [] });

    const other = await createOrganisation(t.database.db, { type: 'SCAN', onlineBooking: {} });
    const theirScan = await addScan((await staffClients(t.app, other)).admin);
    const date = upcoming(2);
    expect((await patient.get(`/api/patient/organisations/${centre.id}/services/${theirScan.id}/slots?date=${date}`)).statusCode).toBe(404);
    const refused = await patient.post('/api/patient/bookings', {
      organisationId: centre.id,
      serviceId: theirScan.id,
      date,
      startTime: '09:00',
      patient: { name: 'Sunita Pawar', gender: 'FEMALE' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<ErrorBody>().message).toBe('Scan or test not found');
  });

  it('books a scan: source APP, no staff creator, one booking-created notification per staff member who sees bookings', async () => {
    const scan = await addScan(admin, { name: 'CT Chest', category: 'CT', pricePaise: 420_000, tokenPrefix: 'c' });
    const date = upcoming(2);
    const created = await book(patient, { serviceId: scan.id, date, startTime: '09:30', reason: 'Cough for three weeks', patient: { name: 'Rohan Deshpande', gender: 'MALE' } });
    expect(created).toMatchObject({
      organisationId: centre.id,
      organisationName: centre.name,
      serviceName: 'CT Chest',
      serviceKind: 'SCAN',
      patientName: 'Rohan Deshpande',
      startTime: '09:30',
      endTime: '10:00',
      tokenLabel: 'C-001',
      status: 'BOOKED',
      pricePaise: 420_000,
      source: 'APP',
      reason: 'Cough for three weeks',
    } satisfies Partial<PatientBooking>);
    const [row] = await t.database.db.select({ createdBy: bookings.createdBy }).from(bookings).where(eq(bookings.id, created.id));
    expect(row?.createdBy).toBeNull();
    const [record] = await t.database.db.select().from(patients).where(eq(patients.id, created.patientId));
    expect(record).toMatchObject({ organisationId: centre.id, phone: patient.phone });

    const sent = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, centre.id), eq(notifications.type, 'booking-created')));
    const forThis = sent.filter((notification) => notification.details.bookingId === created.id);
    expect(forThis.map((notification) => notification.recipientStaffId).sort()).toEqual([centre.admin.id, centre.worker.id].sort());
    expect((await worker.get(`/api/bookings/${created.id}`)).json<Booking>()).toMatchObject({ source: 'APP', patientPhone: patient.phone });
  });

  it('books for one of the account’s own patients by id, refuses another phone’s, and a full slot with 409', async () => {
    const scan = await addScan(admin);
    const date = upcoming(3);
    const mine = await addPatient(admin, { name: 'Lata Kulkarni', phone: patient.phone });
    expect(await book(patient, { serviceId: scan.id, date, startTime: '10:00', patient: { patientId: mine.id } })).toMatchObject({ patientId: mine.id });
    const theirs = await addPatient(admin, { phone: stranger.phone });
    expect(
      (await patient.post('/api/patient/bookings', { organisationId: centre.id, serviceId: scan.id, date, startTime: '10:30', patient: { patientId: theirs.id } })).statusCode,
    ).toBe(404);

    const full = await stranger.post('/api/patient/bookings', {
      organisationId: centre.id,
      serviceId: scan.id,
      date,
      startTime: '10:00',
      patient: { name: 'Imran Shaikh', gender: 'MALE' },
    });
    expect(full.statusCode).toBe(409);
  });

  it('lists only the account’s own bookings, latest first; cancels its own, not another’s', async () => {
    const family = await signInPatient(t);
    const scan = await addScan(admin);
    // Days in order, whatever today's weekday (upcoming(weekday) dates are ordered only some days of the week).
    const early = await book(family, { serviceId: scan.id, date: daysFromToday(2), startTime: '11:00', patient: { name: 'Asha Patil', gender: 'FEMALE' } });
    const late = await book(family, { serviceId: scan.id, date: daysFromToday(4), startTime: '11:00', patient: { name: 'Vijay Patil', gender: 'MALE' } });
    const theirs = await book(stranger, { serviceId: scan.id, date: daysFromToday(2), startTime: '11:30', patient: { name: 'Imran Shaikh', gender: 'MALE' } });

    const own = (await family.get('/api/patient/bookings')).json<{ data: PatientBooking[]; total: number }>();
    expect(own.total).toBe(2);
    expect(own.data.map((visit) => visit.id)).toEqual([late.id, early.id]);
    expect((await family.get(`/api/patient/bookings/${theirs.id}`)).statusCode).toBe(404);
    expect((await family.post(`/api/patient/bookings/${theirs.id}/cancel`, {})).statusCode).toBe(404);

    const cancelled = await family.post(`/api/patient/bookings/${early.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelReason: CANCELLED_BY_PATIENT });
    const staffView = (await admin.get(`/api/bookings/${early.id}`)).json<Booking>();
    expect(staffView.history?.at(-1)).toMatchObject({ action: 'cancel', byStaffId: null, toStatus: 'CANCELLED', note: CANCELLED_BY_PATIENT });
    expect((await family.post(`/api/patient/bookings/${early.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    expect((await family.post(`/api/patient/bookings/${late.id}/cancel`, { reason: 'Travelling' })).json()).toMatchObject({ cancelReason: `${CANCELLED_BY_PATIENT}: Travelling` });
  });
});
