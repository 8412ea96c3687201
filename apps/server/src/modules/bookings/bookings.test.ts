import { bookingSchema, bookingSummarySchema, slotsResponseSchema, type Booking, type BookingSummary, type ErrorBody } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, staff } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { indiaDate, todayInIndiaAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addPatient, addScan, bearer, createOrganisation, staffClients, upcoming, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';
import { actOnVisit, bookingKind, bookVisit, staffActor } from '../visits/index.js';

describe.each(drivers)('scan and test bookings (%s)', (driver) => {
  const t = useTestApp(driver);
  let centre: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;
  let adminToken: string;

  beforeAll(async () => {
    centre = await createOrganisation(t.database.db, { type: 'SCAN' });
    ({ admin, worker } = await staffClients(t.app, centre));
    adminToken = (await t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: centre.admin.email, password: 'Test@pass-123' } })).json<{
      access_token: string;
    }>().access_token;
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' })));
  });

  const book = async (client: ApiClient, body: Record<string, unknown>) => {
    const response = await client.post('/api/bookings', body);
    expect(response.statusCode, response.body).toBe(201);
    return bookingSchema.parse(response.json()) as Booking;
  };
  const uploadPdf = async (bytes = sampleFiles.pdf, name = 'report.pdf') => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(adminToken), payload: uploadForm(bytes, name, { visibility: 'private' }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it('books a scan slot: price, token with the service prefix, history, and the slot fills at its capacity', async () => {
    const scan = await addScan(admin, { name: 'CT Chest', category: 'CT', capacityPerSlot: 2, tokenPrefix: 'c', pricePaise: 420_000 });
    const date = upcoming(2);
    const slots = slotsResponseSchema.parse((await worker.get(`/api/services/${scan.id}/slots?date=${date}`)).json());
    expect(slots.slots[0]).toEqual({ start: '09:00', end: '09:30', capacity: 2, remaining: 2 });
    expect(slots.slots).toHaveLength(8);

    const [first, second, third] = await Promise.all([addPatient(worker, { name: 'Kavita Rao' }), addPatient(worker), addPatient(worker)]);
    const created = await book(worker, { serviceId: scan.id, patientId: first!.id, date, startTime: '09:30', reason: 'Follow-up' });
    expect(created).toMatchObject({
      serviceName: 'CT Chest',
      serviceKind: 'SCAN',
      category: 'CT',
      patientName: 'Kavita Rao',
      endTime: '10:00',
      tokenNumber: 1,
      tokenLabel: 'C-001',
      status: 'BOOKED',
      pricePaise: 420_000,
      source: 'CONSOLE',
      report: null,
    });
    const read = (await worker.get(`/api/bookings/${created.id}`)).json<Booking>();
    expect(read.history).toEqual([expect.objectContaining({ action: 'created', byName: 'Wasim Worker', toStatus: 'BOOKED' })]);
    // The 201 is built from what the booking wrote, not read back: it must be the record itself.
    expect(created).toEqual(read);

    const after = slotsResponseSchema.parse((await worker.get(`/api/services/${scan.id}/slots?date=${date}`)).json());
    expect(after.slots.find((slot) => slot.start === '09:30')).toMatchObject({ remaining: 1 });
    await book(worker, { serviceId: scan.id, patientId: second!.id, date, startTime: '09:30' });
    const full = await worker.post('/api/bookings', { serviceId: scan.id, patientId: third!.id, date, startTime: '09:30' });
    expect(full.statusCode).toBe(409);
    expect(full.json<ErrorBody>().message).toBe('This slot is full: choose another time');
    const listed = slotsResponseSchema.parse((await worker.get(`/api/services/${scan.id}/slots?date=${date}`)).json());
    expect(listed.slots.map((slot) => slot.start)).not.toContain('09:30');
  });

  it('refuses a time that is not a slot or has passed, an inactive scan and an "other" service, naming the field', async () => {
    const scan = await addScan(admin);
    const patient = await addPatient(admin);
    const notSlot = await admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date: upcoming(3), startTime: '09:10' });
    expect(notSlot.statusCode).toBe(400);
    expect(notSlot.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'startTime' })]);
    const past = await admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date: '2020-01-06', startTime: '09:00' });
    expect(past.statusCode).toBe(400);
    const other = (await admin.post('/api/services', { kind: 'OTHER', name: 'Home sample pickup', pricePaise: 10_000 })).json<{ id: string }>();
    expect((await admin.post('/api/bookings', { serviceId: other.id, patientId: patient.id, date: upcoming(3), startTime: '09:00' })).statusCode).toBe(404);
    await admin.patch(`/api/services/${scan.id}`, { active: false });
    expect((await admin.get(`/api/services/${scan.id}/slots?date=${upcoming(3)}`)).json<{ slots: unknown[] }>().slots).toEqual([]);
    expect((await admin.post('/api/bookings', { serviceId: scan.id, patientId: patient.id, date: upcoming(3), startTime: '09:00' })).statusCode).toBe(409);
  });

  it('tells every staff member who can see Bookings, with the token and the service image', async () => {
    const scan = await addScan(admin, { name: 'USG Abdomen', category: 'Ultrasound', imageUrl: '/api/uploads/public/usg.png' });
    const patient = await addPatient(worker, { name: 'Neha Kulkarni' });
    const created = await book(worker, { serviceId: scan.id, patientId: patient.id, date: upcoming(4), startTime: '10:00' });
    const rows = await t.database.db
      .select({ recipient: staff.email, type: notifications.type, title: notifications.title, message: notifications.message, details: notifications.details })
      .from(notifications)
      .innerJoin(staff, eq(staff.id, notifications.recipientStaffId))
      .where(and(eq(notifications.organisationId, centre.id), eq(notifications.type, 'booking-created')));
    const mine = rows.filter((row) => row.details.bookingId === created.id);
    expect(mine.map((row) => row.recipient).sort()).toEqual([centre.admin.email, centre.worker.email].sort());
    expect(mine[0]).toMatchObject({
      title: 'New booking',
      details: { bookingId: created.id, patientId: patient.id, img: '/api/uploads/public/usg.png', date: upcoming(4), actorStaffId: centre.worker.id },
    });
    expect(mine[0]!.message).toMatch(/^Neha Kulkarni booked USG Abdomen for \d+ \w{3}, 10:00 am — token 001$/);
  });

  it('moves along the status graph only, and the report (a private PDF) makes it REPORT_READY', async () => {
    const scan = await addScan(admin);
    const patient = await addPatient(admin);
    // Today's, booked as at India's midnight: a booking moves along its graph only on its day.
    const created = {
      id: await bookVisit(
        t.database.db,
        bookingKind,
        { organisationId: centre.id, staffId: centre.admin.id },
        { serviceId: scan.id, patientId: patient.id, date: indiaDate(), startTime: '11:00', source: 'CONSOLE' },
        { now: todayInIndiaAt('00:00') },
      ),
    };
    const act = (action: string, body: unknown = {}) => worker.post(`/api/bookings/${created.id}/actions/${action}`, body);

    const early = await worker.post(`/api/bookings/${created.id}/report`, { uploadId: await uploadPdf() });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().message).toContain('BOOKED');
    expect((await act('complete')).json<ErrorBody>().message).toBe('Cannot complete: the booking is BOOKED');
    expect((await act('check-in')).json<Booking>().status).toBe('CHECKED_IN');
    expect((await act('start')).json<Booking>().status).toBe('IN_PROGRESS');
    expect((await act('complete')).json<Booking>().status).toBe('COMPLETED');
    expect((await act('cancel', { reason: 'late' })).statusCode).toBe(409);

    const missing = await worker.post(`/api/bookings/${created.id}/report`, { uploadId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'uploadId' })]);
    const png = (
      await t.app.inject({ method: 'POST', url: '/api/admin/upload', headers: bearer(adminToken), payload: uploadForm(sampleFiles.png, 'x.png', { visibility: 'private' }) })
    ).json<{ id: string }>().id;
    expect((await worker.post(`/api/bookings/${created.id}/report`, { uploadId: png })).json<ErrorBody>().message).toBe('The report must be a PDF');

    const reportId = await uploadPdf(sampleFiles.pdf, 'CT report.pdf');
    const ready = await worker.post(`/api/bookings/${created.id}/report`, { uploadId: reportId });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json<Booking>()).toMatchObject({ status: 'REPORT_READY', report: { uploadId: reportId, name: 'CT report.pdf' } });
    const signed = await worker.get(`/api/uploads/${reportId}/signed-url`);
    expect(signed.statusCode).toBe(200);
    const history = (await worker.get(`/api/bookings/${created.id}`)).json<Booking>().history!;
    expect(history.map((entry) => entry.action)).toEqual(['created', 'check-in', 'start', 'complete', 'report']);

    // A corrected report replaces the first; the history keeps both.
    const corrected = await uploadPdf(sampleFiles.pdf, 'CT report v2.pdf');
    expect((await worker.post(`/api/bookings/${created.id}/report`, { uploadId: corrected })).json<Booking>().report?.name).toBe('CT report v2.pdf');
    expect((await worker.get(`/api/bookings/${created.id}`)).json<Booking>().history!.at(-1)).toMatchObject({ action: 'report-replaced', note: 'CT report v2.pdf' });
  });

  it('cancels with a reason (kept), frees the slot, reschedules with history, and keeps tokens unique', async () => {
    const scan = await addScan(admin, { tokenPrefix: 'X' });
    const [a, b] = await Promise.all([addPatient(admin), addPatient(admin)]);
    const date = upcoming(6);
    const first = await book(admin, { serviceId: scan.id, patientId: a.id, date, startTime: '09:00' });
    expect((await admin.post(`/api/bookings/${first.id}/actions/cancel`, {})).statusCode).toBe(400);
    const cancelled = (await admin.post(`/api/bookings/${first.id}/actions/cancel`, { reason: 'Patient unwell' })).json<Booking>();
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Patient unwell' });
    const second = await book(admin, { serviceId: scan.id, patientId: b.id, date, startTime: '09:00' });
    expect(second.tokenLabel).toBe('X-002');

    const moved = await admin.post(`/api/bookings/${second.id}/reschedule`, { date: upcoming(0), startTime: '10:30', reason: 'Machine maintenance' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Booking>()).toMatchObject({ date: upcoming(0), startTime: '10:30', tokenNumber: 1 });
    const history = (await admin.get(`/api/bookings/${second.id}`)).json<Booking>().history!;
    expect(history.at(-1)).toMatchObject({ action: 'reschedule', note: expect.stringContaining(`from ${date} 09:00`) });
  });

  it('lists by date range, service, status and token or patient search; a scan with bookings is kept, not deleted', async () => {
    const scan = await addScan(admin, { tokenPrefix: 'L' });
    const patient = await addPatient(admin, { name: 'Listing Lata' });
    const date = upcoming(1);
    const created = await book(admin, { serviceId: scan.id, patientId: patient.id, date, startTime: '12:00' });
    const list = (query: string) => admin.get(`/api/bookings?from=${date}&to=${date}&serviceId=${scan.id}&${query}`).then((r) => r.json<{ total: number; data: Booking[] }>());
    expect((await list('')).data.map((row) => row.id)).toEqual([created.id]);
    expect((await list('search=L-001')).total).toBe(1);
    expect((await list('search=listing')).total).toBe(1);
    expect((await list('status=CANCELLED')).total).toBe(0);
    expect((await admin.get('/api/bookings?status=DONE')).statusCode).toBe(400);

    const removed = await admin.delete(`/api/services/${scan.id}`);
    expect(removed.statusCode).toBe(409);
  });

  it("lists the list's columns only: no reason, notes, price or report; the one record has them", async () => {
    const scan = await addScan(admin, { name: 'MRI Brain Padma', category: 'MRI', tokenPrefix: 'P' });
    const patient = await addPatient(admin, { name: 'Private Padma', phone: '+919812300019' });
    const date = upcoming(3);
    const created = await book(admin, { serviceId: scan.id, patientId: patient.id, date, startTime: '09:00', reason: 'Suspected tumour', notes: 'HIV+ on ART' });
    const response = await admin.get(`/api/bookings?pageSize=200&from=${date}&to=${date}&serviceId=${scan.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: BookingSummary[] }>();
    expect(data).toHaveLength(1);
    expect(Object.keys(data[0]!).sort()).toEqual(Object.keys(bookingSummarySchema.shape).sort());
    expect(data[0]).toEqual({
      id: created.id,
      tokenNumber: 1,
      tokenLabel: 'P-001',
      date,
      startTime: '09:00',
      endTime: '09:30',
      patientId: patient.id,
      patientName: 'Private Padma',
      patientPhone: '+919812300019',
      status: 'BOOKED',
      awaitingConfirmation: false,
      overbooked: false,
      serviceId: scan.id,
      serviceName: 'MRI Brain Padma',
      serviceKind: 'SCAN',
      category: 'MRI',
    });
    const text = (await admin.get('/api/bookings?pageSize=200')).body;
    for (const field of ['notes', 'reason', 'cancelReason', 'pricePaise', 'report', 'dateOfBirth', 'address']) expect(text).not.toContain(`"${field}"`);
    expect(text).not.toContain('HIV+');
    expect(text).not.toContain('Suspected tumour');
    expect((await admin.get(`/api/bookings/${created.id}`)).json<Booking>()).toMatchObject({ notes: 'HIV+ on ART', reason: 'Suspected tumour' });
  });

  it('another organisation sees none of it: 404 for its bookings and scans, nothing in its list', async () => {
    const scan = await addScan(admin);
    const patient = await addPatient(admin);
    const created = await book(admin, { serviceId: scan.id, patientId: patient.id, date: upcoming(2), startTime: '12:30' });
    expect((await outsider.get(`/api/bookings/${created.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`/api/bookings/${created.id}/actions/check-in`, {})).statusCode).toBe(404);
    expect((await outsider.get(`/api/services/${scan.id}/slots?date=${upcoming(2)}`)).statusCode).toBe(404);
    const outsiderPatient = await addPatient(outsider);
    expect((await outsider.post('/api/bookings', { serviceId: scan.id, patientId: outsiderPatient.id, date: upcoming(2), startTime: '12:00' })).statusCode).toBe(404);
    expect((await outsider.get('/api/bookings')).json<{ data: Booking[] }>().data.some((row) => row.id === created.id)).toBe(false);
  });

  it('only menus with Bookings may call it: a hospital (default menu) gets 403', async () => {
    const hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    const { admin: hospitalAdmin } = await staffClients(t.app, hospital);
    expect((await hospitalAdmin.get('/api/bookings')).statusCode).toBe(403);
  });

  it('announces booking.updated and one notification.created per recipient on commit, and nothing for a refused booking', async () => {
    const scan = await addScan(admin);
    const patient = await addPatient(admin);
    const caller = { id: centre.worker.id, organisationId: centre.id, role: 'WORKER' as const, organisationType: 'SCAN' as const, sessionFamilyId: 'test', doctorId: null };
    const events = { publish: vi.fn(async () => undefined) };
    // Today's (as at India's midnight), so that it can be checked in below.
    const date = indiaDate();
    const now = todayInIndiaAt('00:00');
    const booked = {
      id: await bookVisit(
        t.database.db,
        bookingKind,
        staffActor(caller),
        { serviceId: scan.id, patientId: patient.id, date, startTime: '09:00', source: 'CONSOLE' },
        { events, now },
      ),
    };
    const types = events.publish.mock.calls.map((call: unknown[]) => (call[1] as { type: string }).type);
    expect(types.filter((type) => type === 'notification.created')).toHaveLength(2);
    expect(events.publish).toHaveBeenCalledWith(
      centre.id,
      { type: 'booking.updated', bookingId: booked.id, serviceId: scan.id, date, status: 'BOOKED', patientId: patient.id },
      expect.anything(),
    );

    events.publish.mockClear();
    await expect(
      bookVisit(t.database.db, bookingKind, staffActor(caller), { serviceId: scan.id, patientId: patient.id, date, startTime: '09:00', source: 'CONSOLE' }, { events, now }),
    ).rejects.toThrow('This slot is full');
    expect(events.publish).not.toHaveBeenCalled();
    await actOnVisit(t.database.db, bookingKind, { organisationId: centre.id, staffId: centre.worker.id }, booked.id, 'check-in', {}, { events });
    expect(events.publish).toHaveBeenCalledWith(centre.id, expect.objectContaining({ type: 'booking.updated', status: 'CHECKED_IN' }), expect.anything());
  });
});
