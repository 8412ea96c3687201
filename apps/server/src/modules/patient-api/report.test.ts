import { patientBookingSchema, patientReportLinkSchema, type PatientReportLink } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { atTime, MID_MORNING, pinClockAt } from '../../test/clock.js';
import { drivers } from '../../test/database.js';
import { addPatient, addScan, createOrganisation, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { addPackage, addTest, attachNewReport, bookToday, completeBooking } from '../bookings/test-support.js';
import { signInPatient, type PatientApp } from './test-support.js';

describe.each(drivers)('GET /api/patient/bookings/{id}/report: a short-lived link to one’s report (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  const t = useTestApp(driver);
  let centre: OrganisationFixture;
  let desk: ApiClient;
  let patient: PatientApp;
  let bookingId: string;
  let reportId: string;

  beforeAll(async () => {
    centre = await createOrganisation(t.database.db, { type: 'SCAN', onlineBooking: {} });
    ({ admin: desk } = await staffClients(t.app, centre));
    const phone = uniquePhone();
    const record = await addPatient(desk, { name: 'Lata Deshpande', phone });
    patient = await signInPatient(t, phone);
    const scan = await addScan(desk);
    bookingId = await bookToday(t.database.db, centre, { serviceId: scan.id, patientId: record.id, startTime: '11:00' });
  });

  const linkOf = async (app = patient): Promise<PatientReportLink> => {
    const response = await app.get(`/api/patient/bookings/${bookingId}/report`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return patientReportLinkSchema.parse(response.json());
  };

  it('answers 404 until the report is ready', async () => {
    expect((await patient.get(`/api/patient/bookings/${bookingId}/report`)).statusCode).toBe(404);
    await completeBooking(desk, bookingId);
    expect((await patient.get(`/api/patient/bookings/${bookingId}/report`)).statusCode).toBe(404);
  });

  it('once the desk uploads the report: a link that serves the PDF for 10 minutes, and a read in the audit trail', async () => {
    reportId = await attachNewReport(desk, bookingId, { name: 'MRI report.pdf' });

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
    const phone = uniquePhone();
    const record = await addPatient(desk, { name: 'Meera Pillai', phone });
    const patient = await signInPatient(t, phone);
    const [tsh, lipid] = [await addTest(desk, 'TSH'), await addTest(desk, 'Lipid profile')];
    const healthCheck = await addPackage(desk, [tsh.id, lipid.id], { name: 'Health check' });
    const listed = (await patient.get(`/api/patient/organisations/${centre.id}/services?kind=TEST`)).json<{ data: { name: string; includes: string[] }[] }>();
    expect(listed.data.find((service) => service.name === 'Health check')?.includes).toEqual(['TSH', 'Lipid profile']);
    const bookingId = await bookToday(t.database.db, centre, { serviceId: healthCheck.id, patientId: record.id, startTime: '11:00' });
    await completeBooking(desk, bookingId);
    const own = patientBookingSchema.parse((await patient.get(`/api/patient/bookings/${bookingId}`)).json());
    expect(own.tests.map(({ name, status }) => [name, status])).toEqual([
      ['TSH', 'DONE'],
      ['Lipid profile', 'DONE'],
    ]);
    const [first, second] = [own.tests[0]!, own.tests[1]!];
    const testLink = (testId: string, app = patient) => app.get(`/api/patient/bookings/${bookingId}/tests/${testId}/report`);
    expect((await testLink(first.id)).statusCode).toBe(404);

    const uploadId = await attachNewReport(desk, bookingId, { testId: first.id, name: 'TSH.pdf' });
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
