import { randomUUID } from 'node:crypto';
import { EVENTS_CLOSE_UNAUTHORIZED, EVENTS_PATH, PATIENT_EVENTS_PATH, type AppEvent } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import type { Database } from '../../db/client.js';
import { staff } from '../../db/schema/index.js';
import { jwtSigningKey } from '../../lib/secrets.js';
import { PATIENT_AUDIENCE, TOKEN_ISSUER } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, databaseUrl, drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient } from '../patient-api/test-support.js';
import { appointment, connect, peer, ready, sleep, type Peer } from './test-support.js';

describe.each(drivers)('WebSocket /api/events (%s)', (driver) => {
  let t: TestApp;
  let org: OrganisationFixture;
  let other: OrganisationFixture;
  let adminToken: string;
  let workerToken: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    org = await createOrganisation(t.database.db);
    other = await createOrganisation(t.database.db);
    adminToken = (await signIn(t.app, org.admin.email)).access_token;
    workerToken = (await signIn(t.app, org.worker.email)).access_token;
    otherToken = (await signIn(t.app, other.admin.email)).access_token;
  });
  afterAll(() => t.close());

  it('closes 4401 without a valid staff token as the first message', async () => {
    const patientToken = await new SignJWT({ org: org.id, role: 'ADMIN', sid: randomUUID(), typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(org.admin.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(PATIENT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(await jwtSigningKey(t.database.db, testConfig().JWT_SECRET));
    for (const first of [{ type: 'auth', token: 'not-a-token' }, { type: 'auth', token: patientToken }, { type: 'ping' }, { type: 'auth' }]) {
      const p = await connect(t.app);
      p.socket.send(JSON.stringify(first));
      expect((await p.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
      expect(p.messages).toEqual([]);
    }
    const garbage = await connect(t.app);
    garbage.socket.send('{');
    expect((await garbage.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
  });

  it('closes 4401 for a logged-out session and for an inactive staff member', async () => {
    const session = await signIn(t.app, org.admin.email);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token), payload: { refresh_token: session.refresh_token } });
    expect(logout.statusCode).toBeLessThan(300);
    const p = await connect(t.app);
    p.socket.send(JSON.stringify({ type: 'auth', token: session.access_token }));
    expect((await p.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);

    const fixture = await createOrganisation(t.database.db);
    const workerSession = await signIn(t.app, fixture.worker.email);
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, fixture.worker.id));
    const inactive = await connect(t.app);
    inactive.socket.send(JSON.stringify({ type: 'auth', token: workerSession.access_token }));
    expect((await inactive.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
  });

  it('delivers events to the caller organisation only, and a notification only to its recipient', async () => {
    const admin = await ready(t.app, adminToken);
    const worker = await ready(t.app, workerToken);
    const outsider = await ready(t.app, otherToken);
    const event = appointment();
    await t.app.events.publish(org.id, event);
    expect(await admin.next((m) => m.type === 'appointment.updated')).toEqual(event);
    expect(await worker.next((m) => m.type === 'appointment.updated')).toEqual(event);

    const notification: AppEvent = { type: 'notification.created', notificationId: randomUUID(), recipientStaffId: org.worker.id };
    await t.app.events.publish(org.id, notification);
    expect(await worker.next((m) => m.type === 'notification.created')).toEqual(notification);
    // A marker published after proves the earlier ones would have arrived by now.
    await t.app.events.publish(org.id, { type: 'plan.updated' });
    await t.app.events.publish(other.id, { type: 'plan.updated' });
    await admin.next((m) => m.type === 'plan.updated');
    await outsider.next((m) => m.type === 'plan.updated');
    expect(admin.messages.some((m) => (m as AppEvent).type === 'notification.created')).toBe(false);
    expect(outsider.messages.map((m) => (m as AppEvent).type)).toEqual(['ready', 'plan.updated']);
    for (const p of [admin, worker, outsider]) p.socket.terminate();
  });

  it('answers ping with pong and ignores other messages', async () => {
    const p = await ready(t.app, adminToken);
    p.socket.send(JSON.stringify({ type: 'subscribe', topic: 'everything' }));
    p.socket.send('not json');
    p.socket.send(JSON.stringify({ type: 'ping' }));
    await p.next((m) => m.type === 'pong');
    expect(p.messages).toEqual([{ type: 'ready' }, { type: 'pong' }]);
    expect(p.socket.readyState).toBe(WebSocket.OPEN);
    p.socket.terminate();
  });
});

/** Issue #7: the patient app's socket, chat.message of the account's own patient records only. */
describe('WebSocket /api/events timers (pglite, real socket)', () => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent-caredesk-web-dist' }),
      database,
      // Long enough that a test process stalled by its neighbour (CI runs two files at once) still
      // answers a ping before the next one; short enough to wait for.
      events: { heartbeatMs: 300, authTimeoutMs: 600 },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = address.replace('http', 'ws');
    const org = await createOrganisation(database.db);
    token = (await signIn(app, org.admin.email)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const open = (options: WebSocket.ClientOptions = {}, path = EVENTS_PATH, base = url) =>
    new Promise<Peer>((resolve, reject) => {
      const socket = new WebSocket(`${base}${path}`, options);
      const p = peer(socket);
      socket.once('open', () => resolve(p));
      socket.once('error', reject);
    });

  it('closes 4401 when no auth message arrives in time', async () => {
    const p = await open();
    expect((await p.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
  });

  it('pings, keeps a client that answers, and drops one that does not', async () => {
    const good = await open();
    let pings = 0;
    good.socket.on('ping', () => pings++);
    good.socket.send(JSON.stringify({ type: 'auth', token }));
    await good.next((m) => m.type === 'ready');
    const silent = await open({ autoPong: false });
    silent.socket.send(JSON.stringify({ type: 'auth', token }));
    await silent.next((m) => m.type === 'ready');
    const { code } = await silent.closed;
    expect(code).toBe(1006);
    await sleep(700);
    expect(pings).toBeGreaterThanOrEqual(2);
    expect(good.socket.readyState).toBe(WebSocket.OPEN);
    good.socket.close();
  });

  it('closes 4401 by the next heartbeat once the session is signed out, keeping other sessions', async () => {
    const org = await createOrganisation(database.db);
    const leaving = await signIn(app, org.admin.email);
    const staying = await signIn(app, org.admin.email);
    const [gone, kept] = await Promise.all([open(), open()]);
    gone.socket.send(JSON.stringify({ type: 'auth', token: leaving.access_token }));
    kept.socket.send(JSON.stringify({ type: 'auth', token: staying.access_token }));
    await Promise.all([gone.next((m) => m.type === 'ready'), kept.next((m) => m.type === 'ready')]);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(leaving.access_token), payload: { refresh_token: leaving.refresh_token } });
    expect(logout.statusCode).toBe(204);
    const closed = await gone.closed;
    expect(closed).toEqual({ code: EVENTS_CLOSE_UNAUTHORIZED, reason: 'Your session has ended. Sign in again.' });
    await sleep(700);
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.socket.close();
  });

  it('keeps a patient socket open (its token lives for weeks) and closes it 4401 by the next heartbeat once signed out', async () => {
    const patient = await signInPatient({ app, database, close: async () => undefined });
    const p = await open({}, PATIENT_EVENTS_PATH);
    p.socket.send(JSON.stringify({ type: 'auth', token: patient.session.accessToken }));
    await p.next((m) => m.type === 'ready');
    await sleep(700);
    expect(p.socket.readyState).toBe(WebSocket.OPEN);
    expect((await patient.post('/api/patient/auth/logout')).statusCode).toBe(204);
    expect(await p.closed).toEqual({ code: EVENTS_CLOSE_UNAUTHORIZED, reason: 'Your session has ended. Sign in again.' });
  });

  it('closes 4401 when the access token expires', async () => {
    const org = await createOrganisation(database.db);
    const session = await signIn(app, org.admin.email);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT({ org: claims.org, role: claims.role, sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(String(claims.aud))
      .setIssuedAt(now)
      // Three seconds: long enough to authenticate on a loaded CI machine, short enough to wait for.
      .setExpirationTime(now + 3)
      .sign(await jwtSigningKey(database.db, testConfig().JWT_SECRET));
    // Its own server, whose heartbeat cannot fire in those seconds: on a loaded machine a stalled
    // test process misses a 300 ms pong and the heartbeat drops the socket (1006) before expiry.
    const quiet = await buildApp({ config: testConfig({ WEB_DIST: '/nonexistent-caredesk-web-dist' }), database, events: { heartbeatMs: 60_000, authTimeoutMs: 5_000 } });
    try {
      const base = (await quiet.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
      const p = await open({}, EVENTS_PATH, base);
      p.socket.send(JSON.stringify({ type: 'auth', token: shortLived }));
      await p.next((m) => m.type === 'ready');
      const started = Date.now();
      expect((await p.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
      expect(Date.now() - started).toBeLessThan(4500);
    } finally {
      await quiet.close();
    }
  });
});

/** Issue #4: two server processes on one PostgreSQL; an event raised through A reaches B's client. */
describe.runIf(databaseUrl)('events across two server processes (postgres)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp('postgres');
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('delivers an event published through app A to a WebSocket client of app B, in its organisation only', async () => {
    expect(a.database.driver === 'postgres' && b.database.driver === 'postgres' && a.database.pool !== b.database.pool).toBe(true);
    const org = await createOrganisation(a.database.db);
    const other = await createOrganisation(a.database.db);
    const client = await ready(b.app, (await signIn(b.app, org.admin.email)).access_token);
    const outsider = await ready(b.app, (await signIn(b.app, other.admin.email)).access_token);
    const event = appointment();
    await a.app.events.publish(org.id, event);
    expect(await client.next((m) => m.type === 'appointment.updated')).toEqual(event);
    await a.app.events.publish(other.id, { type: 'plan.updated' });
    await outsider.next((m) => m.type === 'plan.updated');
    expect(outsider.messages.some((m) => (m as AppEvent).type === 'appointment.updated')).toBe(false);
    client.socket.terminate();
    outsider.socket.terminate();
  });
});

/** On PGlite (one process), the same path: publish through the app, receive on its socket. */
describe('events single process (pglite)', () => {
  it('delivers an event published through the app to its WebSocket client', async () => {
    const t = await createTestApp('pglite');
    try {
      const org = await createOrganisation(t.database.db);
      const client = await ready(t.app, (await signIn(t.app, org.admin.email)).access_token);
      const event: AppEvent = { type: 'token.updated', doctorId: randomUUID(), calledToken: 'A-007' };
      await t.app.events.publish(org.id, event);
      expect(await client.next((m) => m.type === 'token.updated')).toEqual(event);
      client.socket.terminate();
    } finally {
      await t.close();
    }
  });
});
