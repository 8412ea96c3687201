import { patientReceiptSchema, paginatedSchema, type Bill, type PatientReceipt } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { readPdf } from '../billing/test-support.js';
import { signInPatient, type PatientApp } from './test-support.js';

const receiptPage = paginatedSchema(patientReceiptSchema);

/** A visit booked at the desk for the patient, its bill, and a payment of it: the receipt's number. */
async function paidVisit(desk: ApiClient, patientId: string, amountPaise: number, startTime = '09:00') {
  const doctor = await addDoctor(desk, { consultationFeePaise: 60_000 });
  const booked = await desk.post('/api/appointments', { doctorId: doctor.id, patientId, date: daysFromToday(1), startTime });
  expect(booked.statusCode, booked.body).toBe(201);
  const visitId = booked.json<{ id: string }>().id;
  const bill = (await desk.get(`/api/billing/bills?visitId=${visitId}`)).json<Bill>();
  const paid = await desk.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise });
  expect(paid.statusCode, paid.body).toBe(201);
  return { visitId, bill, doctor, payment: paid.json<{ id: string; receiptNumber: string }>() };
}

describe.each(drivers)('GET /api/patient/receipts: the money one paid and got back, everywhere (%s)', (driver) => {
  const t = useTestApp(driver);
  let hospital: OrganisationFixture;
  let lab: OrganisationFixture;
  let hospitalDesk: ApiClient;
  let labDesk: ApiClient;
  let patient: PatientApp;
  let first: Awaited<ReturnType<typeof paidVisit>>;
  let second: Awaited<ReturnType<typeof paidVisit>>;
  let elsewhere: Awaited<ReturnType<typeof paidVisit>>;
  let neighbour: Awaited<ReturnType<typeof paidVisit>>;
  let note: { id: string; number: string };

  beforeAll(async () => {
    const phone = uniquePhone();
    hospital = await createOrganisation(t.database.db);
    lab = await createOrganisation(t.database.db);
    ({ worker: hospitalDesk } = await staffClients(t.app, hospital));
    const { admin: hospitalAdmin } = await staffClients(t.app, hospital);
    ({ worker: labDesk } = await staffClients(t.app, lab));
    const record = await addPatient(hospitalDesk, { name: 'Kavya Menon', phone });
    const labRecord = await addPatient(labDesk, { name: 'Kavya Menon', phone });
    const other = await addPatient(hospitalDesk, { name: 'Ravi Kumar', phone: uniquePhone() });

    first = await paidVisit(hospitalDesk, record.id, 20_000, '09:00');
    second = await paidVisit(hospitalDesk, record.id, 60_000, '10:00');
    elsewhere = await paidVisit(labDesk, labRecord.id, 45_000, '11:00');
    neighbour = await paidVisit(hospitalDesk, other.id, 60_000, '12:00');
    const refund = await hospitalAdmin.post(`/api/billing/bills/${second.bill.id}/refunds`, { mode: 'CASH', amountPaise: 10_000, reason: 'Doctor left early' });
    expect(refund.statusCode, refund.body).toBe(201);
    note = refund.json<{ id: string; number: string }>();
    patient = await signInPatient(t, phone);
  });

  const list = async (query = ''): Promise<{ data: PatientReceipt[]; total: number }> => {
    const response = await patient.get(`/api/patient/receipts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return receiptPage.parse(response.json());
  };

  it('lists the account’s receipts and credit notes in every organisation, newest first, and no one else’s', async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.data.map((entry) => [entry.kind, entry.number, entry.organisationName, entry.amountPaise])).toEqual([
      ['CREDIT_NOTE', note.number, hospital.name, 10_000],
      ['RECEIPT', elsewhere.payment.receiptNumber, lab.name, 45_000],
      ['RECEIPT', second.payment.receiptNumber, hospital.name, 60_000],
      ['RECEIPT', first.payment.receiptNumber, hospital.name, 20_000],
    ]);
    const [, , paid] = page.data;
    expect(paid).toMatchObject({
      id: second.payment.id,
      mode: 'CASH',
      billNumber: second.bill.number,
      facilityName: second.bill.facilityName,
      visit: { kind: 'APPOINTMENT', id: second.visitId },
      items: second.bill.items.map((item) => item.description),
    });
    expect(paid!.items.join(' ')).toContain(second.doctor.name);
    expect(page.data.map((entry) => entry.id)).not.toContain(neighbour.payment.id);
  });

  it('pages without overlap or gap', async () => {
    const whole = await list();
    const pages = [await list('?page=1&pageSize=3'), await list('?page=2&pageSize=3')];
    expect(pages.map((page) => page.total)).toEqual([4, 4]);
    expect(pages.flatMap((page) => page.data.map((entry) => entry.id))).toEqual(whole.data.map((entry) => entry.id));
    expect((await patient.get('/api/patient/receipts?pageSize=500')).statusCode).toBe(400);
  });

  it('answers an account with no receipts an empty page', async () => {
    const stranger = await signInPatient(t);
    const response = await stranger.get('/api/patient/receipts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], total: 0, page: 1, pageSize: 25 });
  });

  it('puts each read in the trail of every organisation it showed, with how many', async () => {
    await list();
    for (const [organisation, count] of [
      [hospital, 3],
      [lab, 1],
    ] as const) {
      const reads = (await auditEntriesOf(t.database.db, organisation.id)).filter((entry) => entry.route === 'GET /api/patient/receipts');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.at(-1)).toMatchObject({
        staffId: null,
        staffName: `Patient app (${patient.phone})`,
        action: 'list',
        entity: 'billing',
        entityId: null,
        details: JSON.stringify({ count }),
      });
    }
  });

  it('serves its own receipt and credit note as PDF, each read in the trail', async () => {
    const receipt = await patient.get(`/api/patient/receipts/${first.payment.id}/receipt.pdf`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['cache-control']).toBe('private, no-store');
    expect(receipt.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = (await readPdf(receipt.rawPayload)).pages[0]!.text;
    for (const expected of [hospital.name, 'Receipt', first.payment.receiptNumber, 'Kavya Menon', '₹200.00']) expect(text).toContain(expected);

    const credit = await patient.get(`/api/patient/credit-notes/${note.id}/credit-note.pdf?paper=thermal`);
    expect(credit.statusCode, credit.body).toBe(200);
    const creditPdf = await readPdf(credit.rawPayload);
    expect(creditPdf.pages[0]!.width).toBeCloseTo(226.77, 1);
    expect(creditPdf.pages[0]!.text).toContain(note.number);

    const reads = (await auditEntriesOf(t.database.db, hospital.id)).filter((entry) => entry.route.endsWith('.pdf') && entry.staffId === null);
    expect(reads.map((entry) => [entry.route, entry.action, entry.entityId])).toEqual([
      ['GET /api/patient/receipts/:id/receipt.pdf', 'read', first.payment.id],
      ['GET /api/patient/credit-notes/:id/credit-note.pdf', 'read', note.id],
    ]);
  });

  it('prints the PDF in the language the app shows, with the English beside it', async () => {
    const response = await t.app.inject({
      url: `/api/patient/receipts/${first.payment.id}/receipt.pdf`,
      headers: { authorization: `Bearer ${patient.session.accessToken}`, 'accept-language': 'hi' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const text = (await readPdf(response.rawPayload)).pages[0]!.text;
    for (const expected of ['रसीद', 'प्राप्त (नकद) / Received', first.payment.receiptNumber, '₹200.00']) expect(text).toContain(expected);
  });

  it('answers 404 for another patient’s, another account’s or the wrong kind’s document, 400 for a bad id', async () => {
    expect((await patient.get(`/api/patient/receipts/${neighbour.payment.id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await patient.get(`/api/patient/receipts/${note.id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await patient.get(`/api/patient/credit-notes/${first.payment.id}/credit-note.pdf`)).statusCode).toBe(404);
    const stranger = await signInPatient(t);
    expect((await stranger.get(`/api/patient/receipts/${first.payment.id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/patient/credit-notes/${note.id}/credit-note.pdf`)).statusCode).toBe(404);
    const bad = await patient.get('/api/patient/receipts/not-an-id/receipt.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['id']);
  });

  it('refuses a staff token and no token', async () => {
    expect((await hospitalDesk.get('/api/patient/receipts')).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/patient/receipts/${first.payment.id}/receipt.pdf` })).statusCode).toBe(401);
  });
});
