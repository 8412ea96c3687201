import { randomUUID } from 'node:crypto';
import {
  chatMessageSchema,
  chatThreadSchema,
  patientChatSentSchema,
  patientChatThreadSchema,
  patientConversationListSchema,
  type ChatMessage,
  type ErrorBody,
} from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { postgresRateLimitStore } from '../../lib/rate-limit.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addPatient, createOrganisation, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from '../patient-api/test-support.js';
import { startConversation } from './patient.js';
import { CHAT_SEND_LIMIT, chatSendLimitKey } from './service.js';

describe.each(drivers)('chats, the patient app side (%s)', (driver) => {
  const t = useTestApp(driver);
  let group: OrganisationFixture;
  let hospital: OrganisationFixture;
  let groupAdmin: ApiClient;
  let hospitalAdmin: ApiClient;

  beforeAll(async () => {
    // A multi-hospital group shows Chats to admins and workers; a hospital to its admin only.
    group = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    ({ admin: groupAdmin } = await staffClients(t.app, group));
    ({ admin: hospitalAdmin } = await staffClients(t.app, hospital));
  });

  /** A patient registered at the front desk of `client`'s organisation, signed in to the app with that phone. */
  const registeredPatient = async (client: ApiClient, name = 'Sunita Pawar') => {
    const phone = uniquePhone();
    const record = await addPatient(client, { name, phone });
    return { record, app: await signInPatient(t, phone) };
  };
  const start = async (app: PatientApp, body: Record<string, unknown>) => {
    const response = await app.post('/api/patient/chats', body);
    expect(response.statusCode, response.body).toBe(201);
    return patientChatSentSchema.parse(response.json());
  };
  const notificationsOf = (conversationId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'message-received'), sql`${notifications.details}->>'conversationId' = ${conversationId}`));

  it('lets a patient write to the desk, which sees it unread with one notification per staff member who can see Chats', async () => {
    const { record, app } = await registeredPatient(groupAdmin, 'Kavita Rao');
    const sent = await start(app, { organisationId: group.id, text: '  Can I bring my old reports?  ' });
    expect(sent.message).toMatchObject({ sender: 'PATIENT', senderName: 'Kavita Rao', text: 'Can I bring my old reports?', staffId: null });

    const raised = await notificationsOf(sent.conversationId);
    expect(raised.map((row) => row.recipientStaffId).sort()).toEqual([group.admin.id, group.worker.id].sort());
    expect(raised[0]).toMatchObject({
      title: 'New message',
      message: 'Kavita Rao: Can I bring my old reports?',
      isRead: false,
      details: { patientId: record.id, conversationId: sent.conversationId },
    });

    const list = (await groupAdmin.get('/api/chats')).json<{ data: { patientId: string; unreadCount: number }[]; unreadConversations: number }>();
    expect(list.data.find((conversation) => conversation.patientId === record.id)).toMatchObject({ unreadCount: 1 });
    expect(list.unreadConversations).toBeGreaterThanOrEqual(1);

    // The admin opening the thread reads its bell notification too; the worker's stays unread.
    expect((await groupAdmin.post(`/api/chats/${record.id}/read`, {})).statusCode).toBe(200);
    const afterRead = await notificationsOf(sent.conversationId);
    expect(afterRead.find((row) => row.recipientStaffId === group.admin.id)?.isRead).toBe(true);
    expect(afterRead.find((row) => row.recipientStaffId === group.worker.id)?.isRead).toBe(false);

    // A hospital's worker has no Chats: only its admin hears of a message.
    const other = await registeredPatient(hospitalAdmin);
    const toHospital = await start(other.app, { organisationId: hospital.id, text: 'Hello' });
    expect((await notificationsOf(toHospital.conversationId)).map((row) => row.recipientStaffId)).toEqual([hospital.admin.id]);
  });

  it('words each recipient’s notification of a message in their own language', async () => {
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const { admin, worker } = await staffClients(t.app, org);
    expect((await admin.patch('/api/account', { language: 'hi' })).statusCode).toBe(200);
    const { app } = await registeredPatient(worker, 'Kavita Rao');
    const sent = await start(app, { organisationId: org.id, text: 'Can I bring my old reports?' });

    const raised = await notificationsOf(sent.conversationId);
    expect(Object.fromEntries(raised.map((row) => [row.recipientStaffId, [row.title, row.message]]))).toEqual({
      [org.admin.id]: ['नया संदेश', 'Kavita Rao: Can I bring my old reports?'],
      [org.worker.id]: ['New message', 'Kavita Rao: Can I bring my old reports?'],
    });
  });

  it('shows the patient staff replies with their unread count, and both sides’ read state', async () => {
    const { record, app } = await registeredPatient(groupAdmin, 'Manoj Kale');
    const { conversationId } = await start(app, { organisationId: group.id, text: 'Is Dr. Joshi in on Saturday?' });
    const reply = chatMessageSchema.parse((await groupAdmin.post(`/api/chats/${record.id}/messages`, { text: 'Yes, 9 to 1.' })).json());
    expect(reply.conversationId).toBe(conversationId);

    const mine = patientConversationListSchema.parse((await app.get('/api/patient/chats')).json());
    expect(mine.data).toEqual([
      expect.objectContaining({
        id: conversationId,
        patientId: record.id,
        patientName: 'Manoj Kale',
        unreadCount: 1,
        organisation: expect.objectContaining({ id: group.id, name: group.name }),
        lastMessage: expect.objectContaining({ text: 'Yes, 9 to 1.', sender: 'STAFF' }),
      }),
    ]);
    const thread = patientChatThreadSchema.parse((await app.get(`/api/patient/chats/${conversationId}/messages`)).json());
    expect(thread.messages.map((message) => [message.sender, message.text])).toEqual([
      ['PATIENT', 'Is Dr. Joshi in on Saturday?'],
      ['STAFF', 'Yes, 9 to 1.'],
    ]);

    expect((await app.post(`/api/patient/chats/${conversationId}/read`)).json()).toEqual({ unreadCount: 0 });
    const staffView = chatThreadSchema.parse((await groupAdmin.get(`/api/chats/${record.id}`)).json());
    expect(staffView.messages.find((message) => message.sender === 'STAFF')?.readAt).not.toBeNull();
    expect(staffView.messages.find((message) => message.sender === 'PATIENT')?.readAt).toBeNull();
    expect(patientConversationListSchema.parse((await app.get('/api/patient/chats')).json()).data[0]?.unreadCount).toBe(0);

    // Continuing the conversation through its id.
    const more = await app.post(`/api/patient/chats/${conversationId}/messages`, { text: 'Thanks!' });
    expect(more.statusCode).toBe(201);
    expect(chatThreadSchema.parse((await groupAdmin.get(`/api/chats/${record.id}`)).json()).conversation?.unreadCount).toBe(2);
  });

  it('lists one account’s conversations across organisations, and keeps other accounts out (404)', async () => {
    const phone = uniquePhone();
    const inGroup = await addPatient(groupAdmin, { name: 'Fatima Begum', phone });
    await addPatient(hospitalAdmin, { name: 'Fatima Begum', phone });
    const fatima = await signInPatient(t, phone);
    const first = await start(fatima, { organisationId: group.id, text: 'Should I fast before the scan?' });
    await start(fatima, { organisationId: hospital.id, text: 'Do you have parking?' });
    expect(patientConversationListSchema.parse((await fatima.get('/api/patient/chats')).json()).data.map((conversation) => conversation.organisation.id)).toEqual([
      hospital.id,
      group.id,
    ]);

    const stranger = await signInPatient(t);
    expect(patientConversationListSchema.parse((await stranger.get('/api/patient/chats')).json()).data).toEqual([]);
    for (const response of [
      await stranger.get(`/api/patient/chats/${first.conversationId}/messages`),
      await stranger.post(`/api/patient/chats/${first.conversationId}/messages`, { text: 'hi' }),
      await stranger.post(`/api/patient/chats/${first.conversationId}/read`),
      await stranger.get(`/api/patient/chats/${randomUUID()}/messages`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().message).toBe('Conversation not found');
    }
    // No record of this phone in the organisation, or another phone's record named: 404.
    expect((await stranger.post('/api/patient/chats', { organisationId: group.id, text: 'hi' })).statusCode).toBe(404);
    expect((await stranger.post('/api/patient/chats', { organisationId: group.id, patientId: inGroup.id, text: 'hi' })).statusCode).toBe(404);
    expect((await stranger.post('/api/patient/chats', { organisationId: randomUUID(), text: 'hi' })).statusCode).toBe(404);
    // Staff tokens are not patient tokens.
    expect((await groupAdmin.get('/api/patient/chats')).statusCode).toBe(401);
  });

  it('limits text, answers a retried clientId with the first message, and rate-limits an account', async () => {
    const { app } = await registeredPatient(groupAdmin);
    const tooLong = await app.post('/api/patient/chats', { organisationId: group.id, text: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'text' })]);

    const clientId = randomUUID();
    const first = await start(app, { organisationId: group.id, text: 'Once', clientId });
    const again = await app.post(`/api/patient/chats/${first.conversationId}/messages`, { text: 'Once', clientId });
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatMessage>().id).toBe(first.message.id);
    expect(await notificationsOf(first.conversationId)).toHaveLength(2);

    const store = postgresRateLimitStore(t.database.db);
    for (let i = 0; i < CHAT_SEND_LIMIT.max; i += 1) await store.hit(chatSendLimitKey('patient', app.session.account.id), CHAT_SEND_LIMIT.windowMs);
    const limited = await app.post(`/api/patient/chats/${first.conversationId}/messages`, { text: 'spam' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('announces a patient’s message live: chat.message and a notification.created per recipient, on commit', async () => {
    const { record, app } = await registeredPatient(groupAdmin);
    const events = { publish: vi.fn(async () => undefined) };
    const caller = { accountId: app.session.account.id, sessionId: randomUUID(), phone: app.phone };
    const { message } = await startConversation(
      t.database.db,
      caller,
      { organisationId: group.id, text: 'Live?' },
      { events, rateLimitStore: postgresRateLimitStore(t.database.db) },
    );
    expect(events.publish).toHaveBeenCalledWith(
      group.id,
      { type: 'chat.message', messageId: message.id, conversationId: message.conversationId, patientId: record.id },
      expect.anything(),
    );
    const announced = events.publish.mock.calls
      .map((call: unknown[]) => call[1] as { type: string; recipientStaffId?: string })
      .filter((event) => event.type === 'notification.created');
    expect(announced.map((event) => event.recipientStaffId).sort()).toEqual([group.admin.id, group.worker.id].sort());
  });
});
