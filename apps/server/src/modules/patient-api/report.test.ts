import { patientBookingSchema, patientReportLinkSchema, type PatientReportLink } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { atTime, indiaDate, MID_MORNING, pinClockAt, todayInIndiaAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addPatient, addScan, bearer, createOrganisation, signIn, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { bookingKind, bookVisit } from '../visits/index.js';
import { signInPatient, type PatientApp } from './test-support.js';

describe.each(drivers)('GET /api/patient/bookings/{id}/report: a short-lived link to one’s report (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let centre: OrganisationFixture;
  let desk: ApiClient;
  let deskToken: string;
  let patient: PatientApp;
  let bookingId: string;
  let reportId: string;

  beforeAll(async () => {
    centre = await createOrganisation(t.database.db, { type: 'SCAN', onlineBooking: {} });
    ({ admin: desk } = await staffClients(t.app, centre));
    deskToken = (await signIn(t.app, centre.admin.email)).access_token;
    const phone = uniquePhone();
    const record = await addPatient(desk, { name: 'Lata Deshpande', phone });
    patient = await signInPatient(t, phone);
    const scan = await addScan(desk);
    // Today's, booked as at India's midnight: a booking moves along its graph only on its day.
    bookingId = await bookVisit(
      t.database.db,
      bookingKind,
      { organisationId: centre.id, staffId: centre.admin.id },
      { serviceId: scan.id, patientId: record.id, date: indiaDate(), startTime: '11:00', source: 'CONSOLE' },
      { now: todayInIndiaAt('00:00') },
    );
  });

  const linkOf = async (app = patient): Promise<PatientReportLink> => {
    const response = await app.get(`/api/patient/bookings/${bookingId}/report`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return patientReportLinkSchema.parse(response.json());
  };

  it('answers 404 until the report is ready', async () => {
    expect((await patient.get(`/api/patient/bookings/${bookingId}/report`)).statusCode).toBe(404);
    for (const action of ['check-in', 'start', 'complete']) expect((await desk.post(`/api/bookings/${bookingId}/actions/${action}`, {})).statusCode).toBe(200);
    expect((await patient.get(`/api/patient/bookings/${bookingId}/report`)).statusCode).toBe(404);
  });

  it('once the desk uploads the report: a link that serves the PDF for 10 minutes, and a read in the audit trail', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: bearer(deskToken),
      payload: uploadForm(sampleFiles.pdf, 'MRI report.pdf', { visibility: 'private' }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    reportId = upload.json<{ id: string }>().id;
    expect((await desk.post(`/api/bookings/${bookingId}/report`, { uploadId: reportId })).statusCode).toBe(200);

    const link = await linkOf();
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const file = await t.app.inject({ url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const reads = (await auditEntriesOf(t.database.db, centre.id)).filter((entry) => entry.staffId === null && entry.route === 'GET /api/patient/bookings/:id/report');
    expect(reads.map((entry) => [entry.staffName, entry.action, entry.entity, entry.entityId])).toEqual([[`Patient app (${patient.phone})`, 'read', 'uploads', reportId]]);
  });

  it('refuses the link once it has expired', async () => {
    const link = await linkOf();
    const expired = await atTime(new Date(Date.parse(link.expiresAt) + 1000), () => t.app.inject({ url: link.url }));
    expect(expired.statusCode).toBe(403);
  });

  it('answers 404 to another account, and for an id that is not a booking of the account', async () => {
    const stranger = await signInPatient(t);
    expect((await stranger.get(`/api/patient/bookings/${bookingId}/report`)).statusCode).toBe(404);
    expect((await patient.get('/api/patient/bookings/00000000-0000-4000-8000-000000000000/report')).statusCode).toBe(404);
    expect((await patient.get('/api/patient/bookings/not-an-id/report')).statusCode).toBe(400);
  });
});

describe.each(drivers)('a package’s reports in the app: each test’s opens once it is in (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);

  it('lists the tests by name and status, serves each ready report alone, and nothing to another account', async () => {
    const centre = await createOrganisation(t.database.db, { type: 'SCAN', onlineBooking: {} });
    const { admin: desk } = await staffClients(t.app, centre);
    const deskToken = (await signIn(t.app, centre.admin.email)).access_token;
    const phone = uniquePhone();
    const record = await addPatient(desk, { name: 'Meera Pillai', phone });
    const patient = await signInPatient(t, phone);
    const [tsh, lipid] = [await addScan(desk, { kind: 'TEST', name: 'TSH' }), await addScan(desk, { kind: 'TEST', name: 'Lipid profile' })];
    const healthCheck = await addScan(desk, { kind: 'TEST', name: 'Health check', packageItemIds: [tsh.id, lipid.id] });
    const listed = (await patient.get(`/api/patient/organisations/${centre.id}/services?kind=TEST`)).json<{ data: { name: string; includes: string[] }[] }>();
    expect(listed.data.find((service) => service.name === 'Health check')?.includes).toEqual(['TSH', 'Lipid profile']);
    const bookingId = await bookVisit(
      t.database.db,
      bookingKind,
      { organisationId: centre.id, staffId: centre.admin.id },
      { serviceId: healthCheck.id, patientId: record.id, date: indiaDate(), startTime: '11:00', source: 'CONSOLE' },
      { now: todayInIndiaAt('00:00') },
    );
    for (const action of ['check-in', 'start', 'complete']) expect((await desk.post(`/api/bookings/${bookingId}/actions/${action}`, {})).statusCode).toBe(200);
    const own = patientBookingSchema.parse((await patient.get(`/api/patient/bookings/${bookingId}`)).json());
    expect(own.tests.map(({ name, status }) => [name, status])).toEqual([
      ['TSH', 'DONE'],
      ['Lipid profile', 'DONE'],
    ]);
    const [first, second] = [own.tests[0]!, own.tests[1]!];
    const testLink = (testId: string, app = patient) => app.get(`/api/patient/bookings/${bookingId}/tests/${testId}/report`);
    expect((await testLink(first.id)).statusCode).toBe(404);

    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload',
      headers: bearer(deskToken),
      payload: uploadForm(sampleFiles.pdf, 'TSH.pdf', { visibility: 'private' }),
    });
    const uploadId = upload.json<{ id: string }>().id;
    expect((await desk.post(`/api/bookings/${bookingId}/tests/${first.id}/report`, { uploadId })).statusCode).toBe(200);
    const ready = await testLink(first.id);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.headers['cache-control']).toBe('private, no-store');
    const file = await t.app.inject({ url: patientReportLinkSchema.parse(ready.json()).url });
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // The other test's report is not in yet; the package as a whole has no single report.
    expect((await testLink(second.id)).statusCode).toBe(404);
    expect((await patient.get(`/api/patient/bookings/${bookingId}/report`)).statusCode).toBe(404);
    expect((await testLink(first.id, await signInPatient(t))).statusCode).toBe(404);
    const reads = (await auditEntriesOf(t.database.db, centre.id)).filter((entry) => entry.route === 'GET /api/patient/bookings/:id/tests/:testId/report');
    expect(reads.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([['read', 'uploads', uploadId]]);
  });
});
