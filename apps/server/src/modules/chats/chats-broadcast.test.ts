import { randomUUID } from 'node:crypto';
import type { ChatBroadcastResult, ChatThread, ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditWritesSettled } from '../audit/test-support.js';
import { auditEvents } from '../../db/schema/index.js';
import { drivers } from '../../test/database.js';
import { addPatient, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { messageLog, readyToMessage, useProviderApp } from '../messages/test-support.js';
import { and, eq } from 'drizzle-orm';

/**
 * POST /api/chats/broadcast: a list's bulk 'Message'. One text into the chat of each patient, as a
 * staff message (so the patient is owed its WhatsApp copy, the 'chat-reply' message), once per
 * patient, each answered; another organisation's patients are not found.
 */
describe.each(drivers)('a message to many patients (%s)', (driver) => {
  const t = useProviderApp(driver);
  let clinic: OrganisationFixture;
  let admin: ApiClient;
  let outsider: ApiClient;
  let theirPatient: { id: string };

  const thread = async (client: ApiClient, patientId: string) => (await client.get(`/api/chats/${patientId}`)).json<ChatThread>();
  const broadcast = (client: ApiClient, body: unknown) => client.post('/api/chats/broadcast', body);

  beforeAll(async () => {
    clinic = await createOrganisation(t.db, { type: 'MULTIHOSPITAL' });
    await readyToMessage(t.db, clinic.id);
    ({ admin } = await staffClients(t.app, clinic));
    const other = await createOrganisation(t.db, { type: 'MULTIHOSPITAL' });
    ({ admin: outsider } = await staffClients(t.app, other));
    theirPatient = await addPatient(outsider, { name: 'Zainab Outsider', messageConsent: true });
  });

  it("writes the text once into each patient's chat, owes each a WhatsApp copy, and refuses patients out of reach", async () => {
    const [rohan, sunita] = [await addPatient(admin, { name: 'Rohan Deshpande', messageConsent: true }), await addPatient(admin, { name: 'Sunita Pawar', messageConsent: true })];
    const unknown = randomUUID();
    const response = await broadcast(admin, { patientIds: [rohan.id, sunita.id, rohan.id, theirPatient.id, unknown], text: '  Dr. Joshi is running 30 minutes late today.  ' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ChatBroadcastResult>();
    expect(result).toMatchObject({ sent: 2, refused: 2 });
    expect(result.results).toEqual([
      { patientId: rohan.id, outcome: 'sent', messageId: expect.any(String) as string },
      { patientId: sunita.id, outcome: 'sent', messageId: expect.any(String) as string },
      { patientId: theirPatient.id, outcome: 'refused', reason: 'not-found', message: 'Patient not found' },
      { patientId: unknown, outcome: 'refused', reason: 'not-found', message: 'Patient not found' },
    ]);

    for (const patient of [rohan, sunita]) {
      const { messages } = await thread(admin, patient.id);
      expect(messages.map((message) => [message.sender, message.senderName, message.text])).toEqual([['STAFF', 'Asha Admin', 'Dr. Joshi is running 30 minutes late today.']]);
      const owed = await messageLog(admin, { patientId: patient.id, event: 'chat-reply' });
      expect(owed.map((message) => [message.channel, message.status])).toEqual([['WHATSAPP', 'SCHEDULED']]);
    }
    // The other organisation's patient got nothing.
    expect((await thread(outsider, theirPatient.id)).messages).toEqual([]);
  });

  it('sends nothing twice when retried with the same clientId', async () => {
    const patient = await addPatient(admin, { messageConsent: true });
    const body = { patientIds: [patient.id], text: 'Your report is ready to collect.', clientId: randomUUID() };
    const first = (await broadcast(admin, body)).json<ChatBroadcastResult>();
    const again = await broadcast(admin, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatBroadcastResult>().results).toEqual(first.results);
    expect((await thread(admin, patient.id)).messages).toHaveLength(1);
    expect(await messageLog(admin, { patientId: patient.id, event: 'chat-reply' })).toHaveLength(1);
  });

  it('is open to the desk of a clinic whose worker has Appointments but no Chats in the menu', async () => {
    const smallClinic = await createOrganisation(t.db, { type: 'HOSPITAL' });
    const { worker } = await staffClients(t.app, smallClinic);
    expect((await worker.get('/api/chats')).statusCode).toBe(403);
    const patient = await addPatient(worker);
    const response = await broadcast(worker, { patientIds: [patient.id], text: 'The clinic is closed tomorrow.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ChatBroadcastResult>().sent).toBe(1);
  });

  it('records a create for each chat written to, and a denial for each patient out of reach', async () => {
    const patient = await addPatient(admin, { messageConsent: true });
    expect((await broadcast(admin, { patientIds: [patient.id, theirPatient.id], text: 'Bring your old reports.' })).statusCode).toBe(200);
    await auditWritesSettled(t.db);
    const entries = await t.db
      .select({ action: auditEvents.action, entity: auditEvents.entity, entityId: auditEvents.entityId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.organisationId, clinic.id), eq(auditEvents.route, 'POST /api/chats/broadcast')));
    expect(entries.filter((entry) => entry.entityId === patient.id).map((entry) => [entry.action, entry.entity])).toEqual([['create', 'chats']]);
    expect(entries.filter((entry) => entry.entityId === theirPatient.id).map((entry) => [entry.action, entry.details])).toContainEqual(['denied', '{"denied":"not-found"}']);
  });

  it('refuses a bad request with 400 naming the field, and writes nothing', async () => {
    const patient = await addPatient(admin);
    const cases: [unknown, string][] = [
      [{ patientIds: [], text: 'Hello' }, 'patientIds'],
      [{ patientIds: Array.from({ length: 101 }, () => patient.id), text: 'Hello' }, 'patientIds'],
      [{ patientIds: ['not-a-uuid'], text: 'Hello' }, 'patientIds.0'],
      [{ patientIds: [patient.id], text: '   ' }, 'text'],
      [{ patientIds: [patient.id], text: 'x'.repeat(2001) }, 'text'],
      [{ patientIds: [patient.id] }, 'text'],
    ];
    for (const [body, field] of cases) {
      const response = await broadcast(admin, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
    }
    expect((await thread(admin, patient.id)).messages).toEqual([]);
  });
});
