import { randomUUID } from 'node:crypto';
import { chatMessageSchema, chatThreadSchema, conversationListSchema, type ChatMessage, type ErrorBody } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatMessages, conversations } from '../../db/schema/index.js';
import { postgresRateLimitStore } from '../../lib/rate-limit.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addPatient, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { sampleFiles, uploadForm } from '../../test/sample-files.js';
import { CHAT_SEND_LIMIT, chatSendLimitKey, sendStaffMessage } from './service.js';

describe.each(drivers)('chats, the console side (%s)', (driver) => {
  let t: TestApp;
  let clinic: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    t = await createTestApp(driver);
    clinic = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin, worker } = await staffClients(t.app, clinic));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' })));
  });
  afterAll(() => t.close());

  const send = async (client: ApiClient, patientId: string, body: Record<string, unknown>) => {
    const response = await client.post(`/api/chats/${patientId}/messages`, body);
    expect(response.statusCode, response.body).toBe(201);
    return chatMessageSchema.parse(response.json()) as ChatMessage;
  };
  const thread = async (client: ApiClient, patientId: string, query = '') => {
    const response = await client.get(`/api/chats/${patientId}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return chatThreadSchema.parse(response.json());
  };
  const list = async (client: ApiClient, query = '') => {
    const response = await client.get(`/api/chats${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return conversationListSchema.parse(response.json());
  };

  it('opens an empty thread for a patient without messages, then starts the conversation with the first one', async () => {
    const patient = await addPatient(admin, { name: 'Kavita Rao' });
    expect(await thread(admin, patient.id)).toEqual({
      conversation: null,
      patient: { id: patient.id, name: 'Kavita Rao', phone: patient.phone },
      messages: [],
      previousCursor: null,
    });

    const sent = await send(worker, patient.id, { text: '  Your report is ready.  ' });
    expect(sent).toMatchObject({ sender: 'STAFF', senderName: 'Wasim Worker', text: 'Your report is ready.', attachment: null, readAt: null, clientId: null });
    const opened = await thread(admin, patient.id);
    expect(opened.conversation).toMatchObject({
      patientId: patient.id,
      patientName: 'Kavita Rao',
      unreadCount: 0,
      lastMessage: { text: 'Your report is ready.', sender: 'STAFF', hasAttachment: false },
    });
    expect(opened.messages.map((message) => message.id)).toEqual([sent.id]);
    expect((await list(admin)).data.find((conversation) => conversation.patientId === patient.id)?.lastActivityAt).toBe(sent.createdAt);
  });

  it('keeps a thread in order and pages back through it without overlap or gaps, even within one millisecond', async () => {
    const patient = await addPatient(admin);
    const first = await send(admin, patient.id, { text: 'message 0' });
    // Seven earlier messages sharing one timestamp: only the id can order them.
    const at = new Date(Date.parse(first.createdAt) - 60_000);
    await t.database.db.insert(chatMessages).values(
      Array.from({ length: 7 }, (_, index) => ({
        conversationId: first.conversationId,
        organisationId: clinic.id,
        sender: 'PATIENT' as const,
        text: `same ms ${index}`,
        createdAt: at,
      })),
    );
    const last = await send(admin, patient.id, { text: 'message last' });

    const seen: ChatMessage[] = [];
    let before: string | null = '';
    while (before !== null) {
      const page = await thread(admin, patient.id, `?limit=3${before ? `&before=${before}` : ''}`);
      const times = page.messages.map((message) => message.createdAt);
      expect(times).toEqual([...times].sort());
      seen.unshift(...page.messages);
      before = page.previousCursor;
    }
    expect(seen).toHaveLength(9);
    expect(new Set(seen.map((message) => message.id)).size).toBe(9);
    expect(seen.slice(7).map((message) => message.id)).toEqual([first.id, last.id]);
    expect((await admin.get(`/api/chats/${patient.id}?before=nonsense`)).json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'before' })]);
  });

  it('lists conversations newest activity first, pages forward without overlap on equal timestamps, searches and filters unread', async () => {
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const { admin: own } = await staffClients(t.app, org);
    const names = ['Anil Deshmukh', 'Bhavna Iyer', 'Chetan Patil', 'Divya Nair', 'Esha Gupta'];
    const people = await Promise.all(names.map((name) => addPatient(own, { name })));
    const at = new Date('2026-01-10T10:00:00.000Z');
    await t.database.db.insert(conversations).values(
      people.map((person, index) => ({
        organisationId: org.id,
        patientId: person.id,
        // Three share one timestamp; the newest is Esha's.
        lastMessageAt: index < 3 ? at : new Date(at.getTime() + index * 60_000),
        lastMessagePreview: `hello from ${person.name}`,
        lastMessageSender: 'PATIENT' as const,
        staffUnreadCount: index % 2,
      })),
    );

    const all = await list(own);
    expect(all.data.map((conversation) => conversation.patientName).slice(0, 2)).toEqual(['Esha Gupta', 'Divya Nair']);
    expect(all.unreadConversations).toBe(2);
    const paged: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(own, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.data.map((conversation) => conversation.id));
      cursor = page.nextCursor;
    }
    expect(paged).toEqual(all.data.map((conversation) => conversation.id));

    expect((await list(own, '?search=iyer')).data.map((conversation) => conversation.patientName)).toEqual(['Bhavna Iyer']);
    expect((await list(own, `?search=${people[3]!.phone.slice(4)}`)).data.map((conversation) => conversation.patientName)).toEqual(['Divya Nair']);
    expect((await list(own, '?unread=true')).data.map((conversation) => conversation.patientName).sort()).toEqual(['Bhavna Iyer', 'Divya Nair']);
    expect((await list(outsider)).data.some((conversation) => people.some((person) => person.id === conversation.patientId))).toBe(false);
  });

  it('marks a patient’s messages read by staff and clears the unread count', async () => {
    const patient = await addPatient(admin);
    const first = await send(admin, patient.id, { text: 'Hello' });
    await t.database.db.insert(chatMessages).values({ conversationId: first.conversationId, organisationId: clinic.id, sender: 'PATIENT', text: 'Thank you' });
    await t.database.db.update(conversations).set({ staffUnreadCount: 1 }).where(eq(conversations.id, first.conversationId));
    expect((await thread(admin, patient.id)).conversation?.unreadCount).toBe(1);

    const read = await admin.post(`/api/chats/${patient.id}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 0 });
    const after = await thread(admin, patient.id);
    expect(after.conversation?.unreadCount).toBe(0);
    expect(after.messages.find((message) => message.sender === 'PATIENT')?.readAt).not.toBeNull();
    // Staff reading does not mark staff's own messages as read by the patient.
    expect(after.messages.find((message) => message.sender === 'STAFF')?.readAt).toBeNull();
  });

  it('answers 404 for a patient of another organisation or an unknown one, and 403 to a role without Chats', async () => {
    const theirs = await addPatient(outsider);
    for (const response of [
      await admin.get(`/api/chats/${theirs.id}`),
      await admin.post(`/api/chats/${theirs.id}/messages`, { text: 'hi' }),
      await admin.post(`/api/chats/${theirs.id}/read`, {}),
      await admin.get(`/api/chats/${randomUUID()}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().message).toBe('Patient not found');
    }
    const hospital = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    const { worker: hospitalWorker } = await staffClients(t.app, hospital);
    expect((await hospitalWorker.get('/api/chats')).statusCode).toBe(403);
  });

  it('refuses an empty or over-long text naming the field, and checks attachments', async () => {
    const patient = await addPatient(admin);
    const tooLong = await admin.post(`/api/chats/${patient.id}/messages`, { text: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'text' })]);
    expect((await admin.post(`/api/chats/${patient.id}/messages`, { text: '   ' })).json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'text' })]);
    expect((await admin.post(`/api/chats/${patient.id}/messages`, { text: 'y'.repeat(2000) })).statusCode).toBe(201);

    const upload = async (client: ApiClient, bytes: Buffer, name: string, visibility: string) => {
      const response = await client.post('/api/admin/upload', uploadForm(bytes, name, { visibility }));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const pdf = await upload(admin, sampleFiles.pdf, 'prescription.pdf', 'private');
    const withFile = await send(admin, patient.id, { attachmentUploadId: pdf });
    expect(withFile.attachment).toMatchObject({ uploadId: pdf, name: 'prescription.pdf', mimeType: 'application/pdf' });
    expect((await thread(admin, patient.id)).conversation?.lastMessage).toMatchObject({ text: '', hasAttachment: true });

    const theirs = await upload(outsider, sampleFiles.pdf, 'theirs.pdf', 'private');
    const publicImage = await upload(admin, sampleFiles.png, 'logo.png', 'public');
    for (const uploadId of [theirs, publicImage, randomUUID()]) {
      const refused = await admin.post(`/api/chats/${patient.id}/messages`, { text: 'see attached', attachmentUploadId: uploadId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'attachmentUploadId' })]);
    }
  });

  it('answers a retried send with the same clientId with the first message instead of a second one', async () => {
    const patient = await addPatient(admin);
    const clientId = randomUUID();
    const first = await send(admin, patient.id, { text: 'On my way', clientId });
    const retry = await admin.post(`/api/chats/${patient.id}/messages`, { text: 'On my way', clientId });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<ChatMessage>().id).toBe(first.id);
    // Concurrent retries of a new clientId still make one message.
    const racing = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => admin.post(`/api/chats/${patient.id}/messages`, { text: 'twice?', clientId: racing })));
    expect(new Set(answers.map((answer) => answer.json<ChatMessage>().id)).size).toBe(1);
    expect((await thread(admin, patient.id)).messages).toHaveLength(2);
  });

  it('limits sends per staff member to 30 a minute with Retry-After', async () => {
    const patient = await addPatient(admin);
    const store = postgresRateLimitStore(t.database.db);
    for (let i = 0; i < CHAT_SEND_LIMIT.max; i += 1) await store.hit(chatSendLimitKey('staff', clinic.worker.id), CHAT_SEND_LIMIT.windowMs);
    const limited = await worker.post(`/api/chats/${patient.id}/messages`, { text: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await admin.post(`/api/chats/${patient.id}/messages`, { text: 'another sender is fine' })).statusCode).toBe(201);
  });

  it('publishes chat.message to the organisation when the message commits', async () => {
    const patient = await addPatient(admin);
    const events = { publish: vi.fn(async () => undefined) };
    const caller = {
      id: clinic.admin.id,
      organisationId: clinic.id,
      role: 'ADMIN' as const,
      organisationType: 'MULTIHOSPITAL' as const,
      sessionFamilyId: randomUUID(),
      doctorId: null,
    };
    const { message } = await sendStaffMessage(t.database.db, caller, patient.id, { text: 'Live?' }, { events, rateLimitStore: postgresRateLimitStore(t.database.db) });
    expect(events.publish).toHaveBeenCalledWith(
      clinic.id,
      { type: 'chat.message', messageId: message.id, conversationId: message.conversationId, patientId: patient.id },
      expect.anything(),
    );
  });
});

describe('chat send limit from configuration (pglite)', () => {
  it('CHAT_SEND_RATE_LIMIT sets how many messages a staff member may send a minute', async () => {
    const t = await createTestApp('pglite', { CHAT_SEND_RATE_LIMIT: 2 });
    try {
      const { admin } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' }));
      const patient = await addPatient(admin);
      const codes = [];
      for (const text of ['one', 'two', 'three']) codes.push((await admin.post(`/api/chats/${patient.id}/messages`, { text })).statusCode);
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});
