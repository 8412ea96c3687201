import type { Bill, MessageLogItem } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, type ApiClient } from '../../test/fixtures.js';
import { readyToMessage } from '../messages/test-support.js';
import { readPdf } from './pdf-test-support.js';

async function visitBill(client: ApiClient, patientId: string): Promise<Bill> {
  const doctor = await addDoctor(client, { consultationFeePaise: 125_000 });
  const booked = await client.post('/api/appointments', { doctorId: doctor.id, patientId, date: daysFromToday(3), startTime: '10:00' });
  expect(booked.statusCode, booked.body).toBe(201);
  return (await client.get(`/api/billing/bills?visitId=${booked.json<{ id: string }>().id}`)).json<Bill>();
}

async function logOf(client: ApiClient, event: string): Promise<MessageLogItem[]> {
  return (await client.get(`/api/messages?event=${event}&channel=WHATSAPP`)).json<{ data: MessageLogItem[] }>().data;
}

describe.each(drivers)('receipts sent to the patient (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { PUBLIC_URL: 'https://care.example.in' });
  });
  afterAll(() => t.close());

  it('sends each receipt once, with its amount, number and a signed link that opens the PDF', async () => {
    const org = await createOrganisation(t.database.db);
    await readyToMessage(t.database.db, org.id);
    const { admin, worker } = await staffClients(t.app, org);
    const patient = await addPatient(admin, { name: 'Kavya Nair', messageConsent: true });
    const bill = await visitBill(admin, patient.id);

    // Two desks take part-payments at once: two receipts, a message about each, none twice.
    const [first, second] = await Promise.all([
      admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 50_000 }),
      worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'UPI', amountPaise: 75_000 }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    await t.app.patientMessages.drain();
    await t.app.patientMessages.drain();

    const sent = await logOf(admin, 'payment-received');
    expect(sent).toHaveLength(2);
    const receipt = first.json<{ id: string; receiptNumber: string }>();
    const message = sent.find((item) => item.text.includes(receipt.receiptNumber))!;
    expect(message).toMatchObject({ status: 'DELIVERED', patientName: 'Kavya Nair' });
    expect(message.text).toContain('Hello Kavya Nair');
    expect(message.text).toContain('₹500.00');
    const link = /https:\/\/care\.example\.in(\/api\/public\/billing\/receipts\/[0-9a-f-]+\/receipt\.pdf\?expires=\d+&signature=[\w-]+)/.exec(message.text);
    expect(link, message.text).not.toBeNull();
    // No patient data in the link: only the receipt's id, the expiry and the signature.
    expect(link![1]).not.toContain('Kavya');
    expect(link![1]).not.toContain(patient.phone.replace('+', ''));

    const opened = await t.app.inject({ method: 'GET', url: link![1]! });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(opened.rawPayload)).pages[0]!.text).toContain(receipt.receiptNumber);
    const forged = link![1]!.replace(/signature=[\w-]+/, 'signature=forged');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/billing/receipts/${receipt.id}/receipt.pdf` })).statusCode).toBe(404);

    // A refund sends its credit note the same way.
    const refunded = await admin.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 20_000, reason: 'Consultation shortened' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await t.app.patientMessages.drain();
    const [refund] = await logOf(admin, 'refund-issued');
    expect(refund).toMatchObject({ status: 'DELIVERED' });
    expect(refund!.text).toContain(refunded.json<{ number: string }>().number);
    expect(refund!.text).toContain('₹200.00');
    expect(refund!.text).toMatch(/\/api\/public\/billing\/credit-notes\/[0-9a-f-]+\/credit-note\.pdf\?expires=/);
  });

  it('owes the message but does not send it to a patient who has not agreed to messages', async () => {
    const org = await createOrganisation(t.database.db);
    await readyToMessage(t.database.db, org.id);
    const { admin } = await staffClients(t.app, org);
    const patient = await addPatient(admin, { messageConsent: false });
    const bill = await visitBill(admin, patient.id);
    expect((await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 125_000 })).statusCode).toBe(201);
    await t.app.patientMessages.drain();
    const [skipped] = await logOf(admin, 'payment-received');
    expect(skipped).toMatchObject({ status: 'SKIPPED', failureReason: 'The patient has not agreed to messages', costPaise: 0 });
  });
});
