import type { Bill } from '@caredesk/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { createTestDatabase, drivers } from '../../test/database.js';
import { startFakeMsg91, type FakeMsg91 } from '../../test/fake-msg91.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../../test/fake-whatsapp.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients } from '../../test/fixtures.js';
import { messagesApp, providerConfig, readyToMessage, TEST_PHONE_NUMBER_ID, TEST_SMS_TEMPLATES } from './test-support.js';

/** The DLT-linked MSG91 templates an organisation registers for its receipts: five variables each, as the English texts use them. */
const RECEIPT_SMS_TEMPLATES = { 'payment-received': 'CDPAID0001', 'refund-issued': 'CDREFUND01' } as const;

interface TemplateBody {
  to: string;
  type: string;
  template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] };
}
interface FlowBody {
  template_id: string;
  recipients: Record<string, string>[];
}

describe.each(drivers)('receipts and refunds through WhatsApp Cloud and MSG91 (%s)', (driver) => {
  let whatsapp: FakeWhatsApp;
  let sms: FakeMsg91;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    whatsapp = await startFakeWhatsApp();
    sms = await startFakeMsg91({ templates: { [RECEIPT_SMS_TEMPLATES['payment-received']]: 5, [RECEIPT_SMS_TEMPLATES['refund-issued']]: 5 } });
    database = await createTestDatabase(driver);
    // PUBLIC_URL: the messages carry the signed link to the PDF.
    app = await messagesApp(database, providerConfig(whatsapp, sms, { PUBLIC_URL: 'https://care.example.in' }));
  });
  afterEach(() => {
    whatsapp.requests.length = 0;
    sms.requests.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await whatsapp.close();
    await sms.close();
  });

  it('sends caredesk_payment_received and caredesk_refund_issued with their five body parameters, and each SMS by its DLT template', async () => {
    const db = database.db as Db;
    const org = await createOrganisation(db);
    await readyToMessage(db, org.id, {
      settings: {
        events: { 'payment-received': { WHATSAPP: true, SMS: true }, 'refund-issued': { WHATSAPP: true, SMS: true } },
        smsTemplateIds: { ...TEST_SMS_TEMPLATES, ...RECEIPT_SMS_TEMPLATES },
      },
    });
    const { admin } = await staffClients(app, org);
    const doctor = await addDoctor(admin, { consultationFeePaise: 80_000 });
    const patient = await addPatient(admin, { name: 'Kavya Nair', messageConsent: true });
    const booked = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(3), startTime: '10:00' });
    expect(booked.statusCode, booked.body).toBe(201);
    const bill = (await admin.get(`/api/billing/bills?visitId=${booked.json<{ id: string }>().id}`)).json<Bill>();
    await app.patientMessages.drain();
    whatsapp.requests.length = 0;
    sms.requests.length = 0;

    const paid = await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'UPI', amountPaise: 50_000 });
    expect(paid.statusCode, paid.body).toBe(201);
    const refunded = await admin.post(`/api/billing/bills/${bill.id}/refunds`, { mode: 'CASH', amountPaise: 20_000, reason: 'Consultation shortened' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await app.patientMessages.drain();

    const to = patient.phone.slice(1);
    const templates = whatsapp.requests.map((request) => [request.path, request.body as TemplateBody] as const).filter(([, body]) => body.to === to);
    const flows = sms.requests.map((request) => request.body as FlowBody).filter((body) => body.recipients[0]!.mobiles === to);
    const expected = [
      {
        event: 'payment-received',
        template: 'caredesk_payment_received',
        amount: '₹500.00',
        number: paid.json<{ receiptNumber: string }>().receiptNumber,
        link: /^https:\/\/care\.example\.in\/api\/public\/billing\/receipts\/[0-9a-f-]+\/receipt\.pdf\?expires=\d+&signature=[\w-]+$/,
      },
      {
        event: 'refund-issued',
        template: 'caredesk_refund_issued',
        amount: '₹200.00',
        number: refunded.json<{ number: string }>().number,
        link: /^https:\/\/care\.example\.in\/api\/public\/billing\/credit-notes\/[0-9a-f-]+\/credit-note\.pdf\?expires=\d+&signature=[\w-]+$/,
      },
    ] as const;
    expect(templates.map(([, body]) => body.template.name).sort()).toEqual(expected.map((message) => message.template));
    expect(flows.map((flow) => flow.template_id).sort()).toEqual(['CDPAID0001', 'CDREFUND01']);

    for (const message of expected) {
      const [path, body] = templates.find(([, candidate]) => candidate.template.name === message.template)!;
      expect(path).toBe(`/v21.0/${TEST_PHONE_NUMBER_ID}/messages`);
      expect(body.type).toBe('template');
      expect(body.template.language.code).toBe('en');
      // In the order the English text first uses them: patient, organisation, amount, number, link.
      const parameters = body.template.components[0]!.parameters.map((parameter) => parameter.text);
      expect(parameters.slice(0, 4)).toEqual(['Kavya Nair', org.name, message.amount, message.number]);
      expect(parameters[4]).toMatch(message.link);
      expect(parameters).toHaveLength(5);
      // No patient data in the link: the document's id, the expiry and the signature only.
      expect(parameters[4]).not.toContain('Kavya');

      const flow = flows.find((candidate) => candidate.template_id === RECEIPT_SMS_TEMPLATES[message.event])!;
      const { mobiles, ...variables } = flow.recipients[0]!;
      expect(mobiles).toBe(to);
      expect(Object.values(variables)).toEqual(parameters);
      expect(Object.keys(variables)).toEqual(['VAR1', 'VAR2', 'VAR3', 'VAR4', 'VAR5']);
    }

    // Draining again sends neither twice.
    await app.patientMessages.drain();
    expect(whatsapp.requests.filter((request) => (request.body as TemplateBody).to === to)).toHaveLength(2);
    expect(sms.requests).toHaveLength(2);
  });
});
