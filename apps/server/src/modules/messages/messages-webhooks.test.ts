import type { ChatThread } from '@caredesk/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { auditEvents, chatMessages, messages, notifications, patients } from '../../db/schema/index.js';
import { auditWritesSettled } from '../audit/test-support.js';
import { atTime } from '../../test/clock.js';
import { createTestDatabase, drivers } from '../../test/database.js';
import { sendDeliveryReport, sendInbound as sendSmsInbound } from '../../test/fake-msg91.js';
import { fakeWhatsAppKeys, postWhatsAppWebhook, whatsAppInboundPayload } from '../../test/fake-whatsapp.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, uniquePhone, type ApiClient } from '../../test/fixtures.js';
import { CHAT_REPLY_DELAY_MS } from './index.js';
import { messageLog, providerConfig, readyToMessage, TEST_PHONE_NUMBER_ID, useProviderApp } from './test-support.js';

describe.each(drivers)('message webhooks and inbound messages (%s)', (driver) => {
  const t = useProviderApp(driver, { listen: true });
  const { drain } = t;
  const whatsAppHook = () => `${t.base}/api/webhooks/whatsapp`;

  /** An organisation whose WhatsApp number is unique to it (inbound messages name the number). */
  async function clinic(phoneNumberId = String(Date.now()).padStart(15, '1')) {
    const org = await createOrganisation(t.db);
    await readyToMessage(t.db, org.id, { settings: { whatsappPhoneNumberId: phoneNumberId } });
    const { admin, worker } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin, { name: 'Dr. Meera Joshi' });
    const patient = await addPatient(admin, { name: 'Rohan Deshpande', messageConsent: true });
    const book = async (startTime: string) => {
      const response = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(3), startTime });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string }>().id;
    };
    return { org, admin, worker, patient, book, phoneNumberId };
  }

  const consentOf = async (patientId: string) =>
    (await t.db.select({ consent: patients.messageConsent, by: patients.messageConsentBy }).from(patients).where(eq(patients.id, patientId)))[0]!;
  const thread = async (client: ApiClient, patientId: string) => (await client.get(`/api/chats/${patientId}`)).json<ChatThread>();

  it("answers Meta's verification handshake only with the verify token", async () => {
    const query = (token: string) => new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.verify_token': token, 'hub.challenge': '1158201444' }).toString();
    const good = await fetch(`${whatsAppHook()}?${query(fakeWhatsAppKeys.verifyToken)}`);
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('1158201444');
    expect((await fetch(`${whatsAppHook()}?${query('guess')}`)).status).toBe(403);
  });

  it('refuses unsigned and wrongly signed deliveries (401) and changes nothing', async () => {
    const { patient, phoneNumberId, admin } = await clinic();
    const stop = whatsAppInboundPayload({ from: patient.phone, text: 'STOP', phoneNumberId });
    expect(await postWhatsAppWebhook(whatsAppHook(), stop, 'unsigned')).toBe(401);
    expect(await postWhatsAppWebhook(whatsAppHook(), stop, 'wrong-secret')).toBe(401);
    const hello = whatsAppInboundPayload({ from: patient.phone, text: 'Hello', phoneNumberId });
    expect(await postWhatsAppWebhook(whatsAppHook(), hello, 'wrong-secret')).toBe(401);
    expect((await consentOf(patient.id)).consent).toBe(true);
    expect((await thread(admin, patient.id)).messages).toEqual([]);
    expect(
      (
        await fetch(`${t.base}/api/webhooks/sms/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'sender=919800000000&content=STOP',
        })
      ).status,
    ).toBe(401);
  });

  it("tells the organisation's consoles when its messages are sent and when a delivery report moves one", async () => {
    const { org, admin, book, patient, phoneNumberId } = await clinic();
    const seen: string[] = [];
    const unsubscribe = t.app.events.subscribe((organisationId, event) => {
      if (organisationId === org.id && (event.type === 'message.updated' || event.type === 'wallet.updated')) seen.push(event.type);
    });
    try {
      const visitId = await book('09:30');
      await drain();
      // The confirmations' charges move the wallet: announced beside the messages (live.test.ts: once a burst).
      await expect.poll(() => seen, { timeout: 5000 }).toEqual(expect.arrayContaining(['message.updated', 'wallet.updated']));
      const sent = (await messageLog(admin, { visitId, event: 'booked', channel: 'WHATSAPP' }))[0]!;
      const wamid = t.whatsapp.requests.find((request) => (request.body as { biz_opaque_callback_data?: string }).biz_opaque_callback_data === sent.id)!.answeredId!;
      seen.length = 0;
      expect(await t.whatsapp.sendStatus(whatsAppHook(), { messageId: wamid, status: 'read', recipient: patient.phone, phoneNumberId, bizOpaque: sent.id })).toBe(200);
      await expect.poll(() => seen, { timeout: 5000 }).toContain('message.updated');
    } finally {
      unsubscribe();
    }
  });

  it('moves a message through sent, delivered and read, never back', async () => {
    const { admin, book, patient, phoneNumberId } = await clinic();
    const visitId = await book('09:00');
    await drain();
    const sent = (await messageLog(admin, { visitId, event: 'booked', channel: 'WHATSAPP' }))[0]!;
    const wamid = t.whatsapp.requests.find((request) => (request.body as { biz_opaque_callback_data?: string }).biz_opaque_callback_data === sent.id)!.answeredId!;
    for (const status of ['delivered', 'read', 'delivered'] as const) {
      expect(await t.whatsapp.sendStatus(whatsAppHook(), { messageId: wamid, status, recipient: patient.phone, phoneNumberId, bizOpaque: sent.id })).toBe(200);
    }
    const read = (await messageLog(admin, { visitId, event: 'booked', channel: 'WHATSAPP' }))[0]!;
    expect(read.status).toBe('READ');
    expect(read.timeline.map((entry) => entry.status)).toEqual(['SCHEDULED', 'SENT', 'DELIVERED', 'READ']);

    // The SMS gateway's report, with its shared secret.
    const smsRow = (
      await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.visitId, visitId), eq(messages.channel, 'SMS'), eq(messages.event, 'booked')))
    )[0]!;
    expect(
      await sendDeliveryReport(`${t.base}/api/webhooks/sms/delivery`, {
        requestId: smsRow.providerMessageId!,
        number: patient.phone,
        status: 'delivered',
        secret: 'not-the-secret',
      }),
    ).toBe(401);
    expect(await sendDeliveryReport(`${t.base}/api/webhooks/sms/delivery`, { requestId: smsRow.providerMessageId!, number: patient.phone, status: 'delivered' })).toBe(200);
    expect((await messageLog(admin, { visitId, event: 'booked', channel: 'SMS' }))[0]!.status).toBe('DELIVERED');
  });

  it('withdraws consent on STOP (WhatsApp or SMS), gives it back on START, and sends nothing meanwhile', async () => {
    const { admin, patient, phoneNumberId, book } = await clinic();
    expect(await t.whatsapp.sendInbound(whatsAppHook(), { from: patient.phone, text: 'stop', phoneNumberId })).toBe(200);
    expect(await consentOf(patient.id)).toEqual({ consent: false, by: 'Patient: STOP by WhatsApp' });
    const record = (await admin.get(`/api/patients/${patient.id}`)).json<{ messageConsent: boolean; messageConsentBy: string }>();
    expect(record).toMatchObject({ messageConsent: false, messageConsentBy: 'Patient: STOP by WhatsApp' });
    const visitId = await book('09:00');
    await drain();
    expect((await messageLog(admin, { visitId, event: 'booked' })).map((m) => m.status)).toEqual(['SKIPPED', 'SKIPPED']);
    // STOP is not a chat message.
    expect((await thread(admin, patient.id)).messages).toEqual([]);

    // The trail names who changed the record: the provider's webhook, not a staff member.
    await auditWritesSettled(t.db);
    const trail = await t.db
      .select({ staffId: auditEvents.staffId, staffName: auditEvents.staffName, action: auditEvents.action, entity: auditEvents.entity, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, patient.id), eq(auditEvents.route, 'POST /api/webhooks/whatsapp')));
    expect(trail).toEqual([{ staffId: null, staffName: 'WhatsApp (webhook)', action: 'update', entity: 'patients', entityId: patient.id }]);

    expect(await t.whatsapp.sendInbound(whatsAppHook(), { from: patient.phone, text: 'START', phoneNumberId })).toBe(200);
    expect((await consentOf(patient.id)).consent).toBe(true);
    expect(await sendSmsInbound(`${t.base}/api/webhooks/sms/inbound`, { from: patient.phone, text: 'STOP', to: '+919222000111' })).toBe(200);
    expect(await consentOf(patient.id)).toEqual({ consent: false, by: 'Patient: STOP by SMS' });
  });

  it("turns a patient's WhatsApp message into a chat message, once, and sends the desk's reply back if unread", async () => {
    const { org, admin, patient, phoneNumberId } = await clinic();
    const inbound = whatsAppInboundPayload({ from: patient.phone, text: 'Is the doctor in today?', phoneNumberId, profileName: 'Rohan' });
    expect(await postWhatsAppWebhook(whatsAppHook(), inbound)).toBe(200);
    // Meta delivers again when unsure: the same message id writes nothing new.
    expect(await postWhatsAppWebhook(whatsAppHook(), inbound)).toBe(200);
    const { messages: received } = await thread(admin, patient.id);
    expect(received.map((message) => [message.sender, message.text])).toEqual([['PATIENT', 'Is the doctor in today?']]);
    await auditWritesSettled(t.db);
    const written = await t.db
      .select({ action: auditEvents.action, entity: auditEvents.entity, staffName: auditEvents.staffName })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, patient.id), eq(auditEvents.route, 'POST /api/webhooks/whatsapp')));
    expect(written).toEqual([{ action: 'create', entity: 'chats', staffName: 'WhatsApp (webhook)' }]);
    const raised = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.organisationId, org.id), eq(notifications.type, 'message-received')));
    expect(raised.length).toBeGreaterThan(0);

    const reply = await admin.post(`/api/chats/${patient.id}/messages`, { text: 'Yes, until 1 pm.' });
    expect(reply.statusCode).toBe(201);
    const [owed] = await messageLog(admin, { patientId: patient.id, event: 'chat-reply' });
    expect(owed).toMatchObject({ channel: 'WHATSAPP', status: 'SCHEDULED' });
    await drain();
    expect(t.whatsapp.requests).toEqual([]);
    // Unread in the t.app two minutes on: it goes as free text, the patient having written within 24 hours.
    t.whatsapp.openWindow(patient.phone);
    await atTime(new Date(Date.now() + CHAT_REPLY_DELAY_MS + 1000), drain);
    expect(t.whatsapp.requests.map((request) => request.body)).toMatchObject([
      { type: 'text', text: { body: `Hello Rohan Deshpande, here is a reply from ${org.name} to your message: "Yes, until 1 pm." Thank you for writing to us.` } },
    ]);
    expect((await messageLog(admin, { patientId: patient.id, event: 'chat-reply' }))[0]!.status).toBe('SENT');

    // A reply the patient reads in the t.app first is not sent.
    const read = await admin.post(`/api/chats/${patient.id}/messages`, { text: 'Please bring your reports.' });
    await t.db.update(chatMessages).set({ readAt: new Date() }).where(eq(chatMessages.id, read.json<{ id: string }>().id));
    t.whatsapp.requests.length = 0;
    await atTime(new Date(Date.now() + CHAT_REPLY_DELAY_MS + 1000), drain);
    expect(t.whatsapp.requests).toEqual([]);
    const cancelled = (await messageLog(admin, { patientId: patient.id, event: 'chat-reply' })).find((m) => m.status === 'CANCELLED');
    expect(cancelled?.failureReason).toBe('The patient read it in the app');
  });

  it('gives a phone no record has a provisional record, so the desk still gets the message', async () => {
    const { admin, phoneNumberId } = await clinic();
    const stranger = uniquePhone();
    expect(await t.whatsapp.sendInbound(whatsAppHook(), { from: stranger, text: 'Do you do MRI on Sundays?', phoneNumberId, profileName: 'Farah K' })).toBe(200);
    const [record] = (await admin.post('/api/patients/matches', { phone: stranger })).json<{ data: { id: string; name: string; gender: string }[] }>().data;
    expect(record).toMatchObject({ name: 'Farah K', gender: 'OTHER' });
    const full = (await admin.get(`/api/patients/${record!.id}`)).json<{ notes: string; messageConsent: boolean }>();
    expect(full).toMatchObject({ notes: 'Registered from a WhatsApp message: confirm the name, gender and date of birth.', messageConsent: false });
    expect((await thread(admin, record!.id)).messages.map((message) => message.text)).toEqual(['Do you do MRI on Sundays?']);
  });

  it('ignores a message to a number no organisation has', async () => {
    const { admin, patient } = await clinic(TEST_PHONE_NUMBER_ID + '9');
    expect(await t.whatsapp.sendInbound(whatsAppHook(), { from: patient.phone, text: 'Hello?', phoneNumberId: '100000000000001' })).toBe(200);
    expect((await thread(admin, patient.id)).messages).toEqual([]);
  });
});

// Two servers share a t.database only on PostgreSQL (PGlite is one process's), so this runs where CI gives one.
describe.each(drivers.filter((driver) => driver === 'postgres'))('messages across two servers (%s)', (driver) => {
  const t = useProviderApp(driver);
  const { drain } = t;

  async function clinic() {
    const org = await createOrganisation(t.db);
    await readyToMessage(t.db, org.id);
    return staffClients(t.app, org);
  }

  it('sends each message exactly once with two servers draining the same database', async () => {
    const secondDatabase = await createTestDatabase(driver);
    const second = await buildApp({ config: providerConfig(t.whatsapp, t.sms), database: secondDatabase, messages: { pollIntervalMs: 60 * 60_000 } });
    await second.ready();
    try {
      const { admin, worker } = await clinic();
      const doctor = await addDoctor(admin, { name: 'Dr. Ira Sen', patientsPerSlot: 40 });
      const visits: string[] = [];
      for (let index = 0; index < 30; index += 1) {
        const patient = await addPatient(admin, { name: `Patient ${index}`, messageConsent: true });
        const booked = await worker.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(4), startTime: '09:00' });
        expect(booked.statusCode).toBe(201);
        visits.push(booked.json<{ id: string }>().id);
      }
      // The confirmations went at booking; the reminders fall due together, for two senders at once.
      await Promise.all([drain(), second.patientMessages.drain()]);
      t.whatsapp.requests.length = 0;
      const dueAt = new Date(new Date(`${daysFromToday(4)}T09:00:00+05:30`).getTime() - 24 * 3600_000 + 1000);
      await atTime(dueAt, () => Promise.all([drain(), second.patientMessages.drain(), drain(), second.patientMessages.drain()]));
      const sent = t.whatsapp.requests.map((request) => (request.body as { biz_opaque_callback_data: string }).biz_opaque_callback_data);
      const reminders = await t.db
        .select({ id: messages.id, status: messages.status })
        .from(messages)
        .where(and(inArray(messages.visitId, visits), eq(messages.event, 'reminder'), eq(messages.offsetMinutes, 1440), eq(messages.channel, 'WHATSAPP')));
      expect(reminders).toHaveLength(30);
      expect(reminders.every((row) => row.status === 'SENT')).toBe(true);
      // Each of ours exactly once (the shared t.database may hold other suites' messages due then too).
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent.filter((id) => reminders.some((row) => row.id === id)).sort()).toEqual(reminders.map((row) => row.id).sort());
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });
});
