import type { MessageLogItem } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addPatient, addScan, createOrganisation, staffClients } from '../../test/fixtures.js';
import { addPackage, addTest, attachNewReport, bookToday, completeBooking } from '../bookings/test-support.js';
import { readyToMessage } from './test-support.js';

describe.each(drivers)('report ready (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_URL: 'https://care.example.in' });
  });
  afterAll(() => t.close());

  it("sends the patient a link that opens their report for a week, and the console's log shows it", async () => {
    const centre = await createOrganisation(t.database.db as Db, { type: 'SCAN' });
    await readyToMessage(t.database.db as Db, centre.id);
    const { admin, worker } = await staffClients(t.app, centre);
    const scan = await addScan(admin, { name: 'CT Chest' });
    const patient = await addPatient(admin, { name: 'Anita Rao', messageConsent: true });
    const id = await bookToday(t.database.db, centre, { serviceId: scan.id, patientId: patient.id, startTime: '11:00' });
    await completeBooking(worker, id);
    await attachNewReport(worker, id, { name: 'CT report.pdf' });
    await t.app.patientMessages.drain();

    const [ready] = (await admin.get(`/api/messages?visitId=${id}&event=report-ready&channel=WHATSAPP`)).json<{ data: MessageLogItem[] }>().data;
    expect(ready).toMatchObject({ status: 'DELIVERED', patientName: 'Anita Rao' });
    const link = /https:\/\/care\.example\.in(\/api\/uploads\/private\/\S+)/.exec(ready!.text);
    expect(link, ready!.text).not.toBeNull();
    const expires = Number(new URL(link![0]).searchParams.get('expires')) * 1000;
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    // The link works without signing in, as the patient's phone opens it.
    const opened = await t.app.inject({ method: 'GET', url: link![1]! });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('application/pdf');
  });

  it('tells the patient once when a package’s last report is in, pointing to the app that opens each', async () => {
    const centre = await createOrganisation(t.database.db as Db, { type: 'SCAN' });
    await readyToMessage(t.database.db as Db, centre.id);
    const { admin, worker } = await staffClients(t.app, centre);
    const [tsh, t4] = [await addTest(admin, 'TSH'), await addTest(admin, 'T4')];
    const healthCheck = await addPackage(admin, [tsh.id, t4.id], { name: 'Thyroid package' });
    const patient = await addPatient(admin, { name: 'Ravi Menon', messageConsent: true });
    const id = await bookToday(t.database.db, centre, { serviceId: healthCheck.id, patientId: patient.id, startTime: '11:30' });
    await completeBooking(worker, id);
    const booked = (await worker.get(`/api/bookings/${id}`)).json<{ tests: { id: string }[] }>();
    for (const test of booked.tests) {
      await attachNewReport(worker, id, { testId: test.id });
      await t.app.patientMessages.drain();
    }
    const sent = (await admin.get(`/api/messages?visitId=${id}&event=report-ready`)).json<{ data: MessageLogItem[] }>().data;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('https://care.example.in/p/visits');
  });
});
