import { randomUUID } from 'node:crypto';
import { EVENTS_PATH, type StaffCreate, type StaffCredentialResult } from '@caredesk/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import type { TestApp } from '../../test/app.js';
import { createTestDatabase, type Driver } from '../../test/database.js';
import { uniqueEmail, type ApiClient } from '../../test/fixtures.js';
import { peer, type Peer } from '../events/test-support.js';

/** A password newPasswordSchema accepts, different every call. */
export const newPassword = (): string => `Chosen-${randomUUID().slice(0, 8)}-9`;

export function staffInput(overrides: Partial<StaffCreate> = {}): StaffCreate {
  return { name: 'Priya Nair', email: uniqueEmail('staff'), role: 'WORKER', credential: { method: 'password', password: newPassword() }, ...overrides };
}

/** Adds a staff member through the API as `admin` and answers the credential result. */
export async function addStaff(admin: ApiClient, overrides: Partial<StaffCreate> = {}): Promise<StaffCredentialResult> {
  const response = await admin.post('/api/staff', staffInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StaffCredentialResult>();
}

/** The token at the end of an invitation URL (…/invite/{token}). */
export function invitationToken(result: StaffCredentialResult): string {
  const url = result.invitationUrl;
  if (!url) throw new Error('no invitation URL');
  return url.slice(url.lastIndexOf('/') + 1);
}

export const randomIp = (): string => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: refreshToken } });
}

export function signInAttempt(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email, password } });
}

/**
 * The real app on a test database, listening on a real port. Its socket heartbeat is ten minutes,
 * far beyond any test's timeout: a socket that closes did so on the session.ended event, at once.
 * `openSocket` signs a socket in.
 */
export async function createListeningTestApp(driver: Driver): Promise<TestApp & { openSocket(token: string): Promise<Peer> }> {
  const database = await createTestDatabase(driver);
  const config = testConfig({ SIGN_IN_IP_RATE_LIMIT: 100_000, WEB_DIST: '/nonexistent-caredesk-web-dist' });
  const app = await buildApp({ config, database, events: { heartbeatMs: 600_000 } });
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  return {
    openSocket: async (token) => {
      const socket = new WebSocket(`${url}${EVENTS_PATH}`);
      const p = peer(socket);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'auth', token }));
      await p.next((message) => message.type === 'ready');
      return p;
    },
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
