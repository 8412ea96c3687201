import { randomUUID } from 'node:crypto';
import { EVENTS_CLOSE_UNAUTHORIZED, PATIENT_EVENTS_PATH, chatMessageSchema, type AppEvent } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientSessions } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addPatient, createOrganisation, signIn, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from '../patient-api/test-support.js';
import { connect, ready, sessionIdOf } from './test-support.js';

describe.each(drivers)('WebSocket /api/patient/events (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let desk: ApiClient;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin: desk } = await staffClients(t.app, org));
  });

  /** A patient registered at the desk and signed in to the app with that phone. */
  const registered = async (): Promise<{ record: { id: string }; app: PatientApp }> => {
    const phone = uniquePhone();
    const record = await addPatient(desk, { phone });
    return { record, app: await signInPatient(t, phone) };
  };
  const staffReply = async (patientId: string, text: string) => {
    const response = await desk.post(`/api/chats/${patientId}/messages`, { text });
    expect(response.statusCode, response.body).toBe(201);
    return chatMessageSchema.parse(response.json());
  };

  it('delivers chat.message of a staff reply to the account of the conversation’s patient, and not to another account', async () => {
    const mine = await registered();
    const theirs = await registered();
    const patientSocket = await ready(t.app, mine.app.session.accessToken, PATIENT_EVENTS_PATH);
    const otherSocket = await ready(t.app, theirs.app.session.accessToken, PATIENT_EVENTS_PATH);
    const staffSocket = await ready(t.app, (await signIn(t.app, org.admin.email)).access_token);

    const reply = await staffReply(mine.record.id, 'Your report is ready.');
    const expected = { type: 'chat.message', messageId: reply.id, conversationId: reply.conversationId, patientId: mine.record.id };
    expect(await patientSocket.next((m) => m.type === 'chat.message')).toEqual(expected);
    // Staff sockets keep receiving every chat.message of their organisation.
    expect(await staffSocket.next((m) => m.messageId === reply.id)).toEqual(expected);

    // A reply to the other account, published after, proves the first would have reached it by now.
    const marker = await staffReply(theirs.record.id, 'See you on Monday.');
    await otherSocket.next((m) => m.messageId === marker.id);
    expect(otherSocket.messages).toEqual([{ type: 'ready' }, { type: 'chat.message', messageId: marker.id, conversationId: marker.conversationId, patientId: theirs.record.id }]);

    // The patient's own message reaches the account too (its other devices); other events of the organisation do not.
    const sent = await mine.app.post(`/api/patient/chats/${reply.conversationId}/messages`, { text: 'Thank you' });
    expect(sent.statusCode, sent.body).toBe(201);
    const own = chatMessageSchema.parse(sent.json());
    expect(await patientSocket.next((m) => m.messageId === own.id)).toEqual({ ...expected, messageId: own.id });
    await t.app.events.publish(org.id, { type: 'plan.updated' });
    await t.app.events.publish(org.id, { type: 'chat.message', messageId: randomUUID(), conversationId: reply.conversationId });
    const last: AppEvent = { type: 'chat.message', messageId: randomUUID(), patientId: mine.record.id };
    await t.app.events.publish(org.id, last);
    await patientSocket.next((m) => m.messageId === last.messageId);
    expect(patientSocket.messages.map((m) => (m as { messageId?: string }).messageId)).toEqual([undefined, reply.id, own.id, last.messageId]);
    for (const p of [patientSocket, otherSocket, staffSocket]) p.socket.terminate();
  });

  it('closes 4401 for a staff token, and the staff socket for a patient token', async () => {
    const staffToken = (await signIn(t.app, org.admin.email)).access_token;
    const { app } = await registered();
    for (const first of [{ type: 'auth', token: staffToken }, { type: 'auth', token: 'not-a-token' }, { type: 'ping' }]) {
      const p = await connect(t.app, PATIENT_EVENTS_PATH);
      p.socket.send(JSON.stringify(first));
      expect((await p.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
      expect(p.messages).toEqual([]);
    }
    const onStaffSocket = await connect(t.app);
    onStaffSocket.socket.send(JSON.stringify({ type: 'auth', token: app.session.accessToken }));
    expect((await onStaffSocket.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
    expect(onStaffSocket.messages).toEqual([]);
  });

  it('closes 4401 for a signed-out or an expired patient session', async () => {
    const signedOut = (await registered()).app;
    expect((await signedOut.post('/api/patient/auth/logout')).statusCode).toBe(204);
    const expired = (await registered()).app;
    await t.database.db
      .update(patientSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(patientSessions.id, sessionIdOf(expired.session.accessToken)));
    for (const token of [signedOut.session.accessToken, expired.session.accessToken]) {
      const p = await connect(t.app, PATIENT_EVENTS_PATH);
      p.socket.send(JSON.stringify({ type: 'auth', token }));
      expect(await p.closed).toEqual({ code: EVENTS_CLOSE_UNAUTHORIZED, reason: 'Your session has ended. Sign in again.' });
      expect(p.messages).toEqual([]);
    }
  });
});

/** The real server on port 0, with short timers; `ws` clients over TCP. */
