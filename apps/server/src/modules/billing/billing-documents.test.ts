import type { Bill } from '@caredesk/shared';
import { billingPdfPaths } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, type ApiClient } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { readPdf } from './pdf-test-support.js';

async function paidVisit(client: ApiClient, amountPaise = 45_000, patientInput: Parameters<typeof addPatient>[1] = {}) {
  const doctor = await addDoctor(client, { consultationFeePaise: 60_000 });
  const patient = await addPatient(client, patientInput);
  const booked = await client.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(1), startTime: '09:00' });
  expect(booked.statusCode, booked.body).toBe(201);
  const bill = (await client.get(`/api/billing/bills?visitId=${booked.json<{ id: string }>().id}`)).json<Bill>();
  const paid = await client.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise });
  expect(paid.statusCode, paid.body).toBe(201);
  return { patient, bill, payment: paid.json<{ id: string; receiptNumber: string }>() };
}

describe.each(bothDrivers)('receipt, invoice and credit note PDFs (%s)', (driver) => {
  const t = useTestApp(driver);

  it('answers a payment’s receipt as a PDF on A5 or the 80 mm roll, naming the patient and the money', async () => {
    const org = await createOrganisation(t.database.db);
    const { worker } = await staffClients(t.app, org);
    const { patient, payment } = await paidVisit(worker);

    const response = await worker.get('/api' + billingPdfPaths.receipt(payment.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="receipt-[A-Z0-9-]+\.pdf"$/);
    expect(response.headers['content-disposition']).not.toContain(patient.name);
    const { pages } = await readPdf(response.rawPayload);
    expect(pages[0]!.width).toBeCloseTo(419.53, 1);
    for (const expected of [org.name, 'Receipt', payment.receiptNumber, patient.name, 'Received (Cash)', '₹450.00', '₹600.00', 'Due', '₹150.00'])
      expect(pages[0]!.text).toContain(expected);

    const thermal = await worker.get(`/api${billingPdfPaths.receipt(payment.id)}?paper=thermal`);
    expect(thermal.statusCode).toBe(200);
    expect((await readPdf(thermal.rawPayload)).pages[0]!.width).toBeCloseTo(226.77, 1);
  });

  it('answers the invoice of a bill and the credit note of a refund', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const { bill } = await paidVisit(admin, 60_000);
    const refund = await admin.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 10_000, reason: 'Doctor left early' });
    expect(refund.statusCode, refund.body).toBe(201);
    const note = refund.json<{ id: string; number: string }>();

    const invoice = await admin.get('/api' + billingPdfPaths.invoice(bill.id));
    expect(invoice.statusCode, invoice.body).toBe(200);
    const invoiceText = (await readPdf(invoice.rawPayload)).pages[0]!.text;
    expect(invoiceText).toContain('Bill of supply');
    expect(invoiceText).toContain(bill.number);
    expect(invoiceText).toContain('SAC/HSN 999312');

    const credit = await admin.get('/api' + billingPdfPaths.creditNote(note.id));
    expect(credit.statusCode, credit.body).toBe(200);
    const creditText = (await readPdf(credit.rawPayload)).pages[0]!.text;
    for (const expected of ['Credit note', note.number, 'Refunded (Cash)', '₹100.00', 'Reason: Doctor left early']) expect(creditText).toContain(expected);
  });

  it("prints in the patient's language, else the organisation's, with the English beside each label", async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const english = await paidVisit(admin);
    const kannada = await paidVisit(admin, 45_000, { messageLanguage: 'kn' });
    const textOf = async (paymentId: string) => {
      const response = await admin.get('/api' + billingPdfPaths.receipt(paymentId));
      expect(response.statusCode, response.body).toBe(200);
      return (await readPdf(response.rawPayload)).pages[0]!.text;
    };
    expect(await textOf(english.payment.id)).not.toContain('/ Total');
    // pdf.js reads a Kannada word in the order it is drawn: only its letters are compared.
    const letters = (text: string) => text.replace(/[\s\p{M}]+/gu, '');
    expect(letters(await textOf(kannada.payment.id))).toContain(letters('ಒಟ್ಟು / Total'));

    expect((await admin.patch('/api/messages/settings', { defaultLanguage: 'hi' })).statusCode).toBe(200);
    const hindi = await textOf(english.payment.id);
    expect(hindi).toContain('रसीद');
    expect(hindi).toContain('कुल / Total');
    expect(letters(await textOf(kannada.payment.id))).toContain(letters('ಒಟ್ಟು / Total'));
  });

  it('refuses an unknown paper by name, answers 404 to another organisation, and audits each read', async () => {
    const org = await createOrganisation(t.database.db);
    const other = await createOrganisation(t.database.db);
    const { worker } = await staffClients(t.app, org);
    const { worker: stranger } = await staffClients(t.app, other);
    const { bill, payment } = await paidVisit(worker);

    const letter = await worker.get(`/api${billingPdfPaths.receipt(payment.id)}?paper=letter`);
    expect(letter.statusCode).toBe(400);
    expect(letter.json<{ message: string }>().message).toContain('paper');
    for (const url of [billingPdfPaths.receipt(payment.id), billingPdfPaths.invoice(bill.id), billingPdfPaths.creditNote(payment.id)].map((path) => `/api${path}`)) {
      expect((await stranger.get(url)).statusCode, url).toBe(404);
    }
    expect((await worker.get('/api' + billingPdfPaths.creditNote(payment.id))).statusCode).toBe(404);

    expect((await worker.get('/api' + billingPdfPaths.receipt(payment.id))).statusCode).toBe(200);
    expect((await worker.get('/api' + billingPdfPaths.invoice(bill.id))).statusCode).toBe(200);
    const reads = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.entity === 'billing' && entry.action === 'read');
    expect(reads.map((entry) => [entry.route, entry.entityId])).toEqual(
      expect.arrayContaining([
        ['GET /api/billing/payments/:id/receipt.pdf', payment.id],
        ['GET /api/billing/bills/:id/invoice.pdf', bill.id],
      ]),
    );
    const denied = (await auditEntriesOf(t.database.db, other.id)).filter((entry) => entry.route?.endsWith('.pdf'));
    expect(denied.length).toBeGreaterThan(0);
  });
});
