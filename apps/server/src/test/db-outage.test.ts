import { EVENTS_PATH } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { peer } from '../modules/events/test-support.js';
import { createTestDatabase, databaseUrl, bothDrivers, type Driver } from './database.js';
import { apiAs, bearer, createOrganisation, patientInput, signIn, TEST_PASSWORD, type OrganisationFixture } from './fixtures.js';
import { createLoggedApp, type CapturedLog } from './log-capture.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/db-errors.js';
import type { FastifyInstance } from 'fastify';

/**
 * PostgreSQL: the app's pool goes through a TCP proxy the test cuts (open connections reset, new
 * ones refused), as a database restart or a network drop does. PGlite: the embedded database is
 * closed under the running app.
 */
describe.each(bothDrivers)('a database outage (%s)', (driver: Driver) => {
  let proxy: TcpProxy | undefined;
  let database: Database;
  let app: FastifyInstance;
  let log: CapturedLog;
  let org: OrganisationFixture;
  let tokens: { access_token: string; refresh_token: string };

  beforeAll(async () => {
    if (driver === 'postgres') {
      proxy = await startTcpProxy(databaseUrl!);
      database = await createTestDatabase('postgres', proxy.url);
    } else {
      database = await createTestDatabase('pglite');
    }
    ({ app, log } = await createLoggedApp(database));
    org = await createOrganisation(database.db);
    tokens = await signIn(app, org.admin.email);
    const created = await apiAs(app, tokens.access_token).post('/api/patients', patientInput({ name: 'Outage Patient' }));
    expect(created.statusCode).toBe(201);
    if (proxy) await proxy.cut();
    else await database.close();
  });

  afterAll(async () => {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await proxy?.close();
  });

  const expect503 = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
  };

  it('answers data routes 503 with Retry-After, like /api/health', async () => {
    const api = apiAs(app, tokens.access_token);
    expect503(await api.get('/api/patients'));
    expect503(await api.post('/api/patients', patientInput({ name: 'Not Saved' })));
    expect503(await api.get('/api/doctors'));
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });

  it('answers a CSV export 503 before it starts: never a 200 that breaks off', async () => {
    const api = apiAs(app, tokens.access_token);
    for (const url of ['/api/patients/export.csv', '/api/doctors/export.csv', '/api/wallet/entries/export.csv']) {
      const response = await api.get(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('never reads the outage as an ended session: sign-in, refresh and socket auth', async () => {
    expect503(await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: org.admin.email, password: TEST_PASSWORD } }));
    const refresh = await app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: tokens.refresh_token } });
    expect503(refresh);
    expect(refresh.body).not.toMatch(/session/i);
    expect503(await app.inject({ url: '/api/me', headers: bearer(tokens.access_token) }));

    const socket = peer(await app.injectWS(EVENTS_PATH));
    socket.socket.send(JSON.stringify({ type: 'auth', token: tokens.access_token }));
    const closed = await socket.closed;
    expect(closed.code).toBe(1013);
  });

  it('logs the outage by class and code only', () => {
    const outage = log.entries().filter((entry) => entry.msg === 'request failed: database unavailable');
    expect(outage.length).toBeGreaterThan(0);
    for (const entry of outage) expect(Object.keys(entry.err as object).sort()).toEqual(expect.arrayContaining(['type']));
    expect(log.text()).not.toContain('Outage Patient');
    expect(log.text()).not.toContain('Not Saved');
    expect(log.text()).not.toContain(tokens.refresh_token);
  });

  // A closed embedded database does not come back; a PostgreSQL server does.
  if (driver === 'postgres') {
    it('serves again once the database is back, with the same session', async () => {
      await proxy!.restore();
      const api = apiAs(app, tokens.access_token);
      expect((await api.get('/api/patients')).statusCode).toBe(200);
      const refresh = await app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: tokens.refresh_token } });
      expect(refresh.statusCode).toBe(200);
      // No client was lost to the outage: the pool can still hand out every one of its clients.
      await expect.poll(() => database.driver === 'postgres' && database.pool.totalCount - database.pool.idleCount, { timeout: 5000 }).toBe(0);
      const many = await Promise.all(Array.from({ length: 12 }, () => api.get('/api/doctors')));
      expect(many.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    });
  }
});
