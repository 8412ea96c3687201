import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { RateLimitStore } from '../lib/rate-limit.js';
import { testConfig } from './config.js';
import { createTestDatabase, type Driver } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a test database. The per-IP sign-in limit is raised because every inject()
 * comes from 127.0.0.1 and PostgreSQL runs share one database; the IP limit test sets its own.
 */
export async function createTestApp(driver: Driver, overrides: Partial<Config> = {}, rateLimitStore?: RateLimitStore): Promise<TestApp> {
  const database = await createTestDatabase(driver);
  const config = testConfig({ SIGN_IN_IP_RATE_LIMIT: 100_000, WEB_DIST: '/nonexistent-caredesk-web-dist', PATIENT_DIST: '/nonexistent-caredesk-patient-dist', ...overrides });
  const app = await buildApp({
    config,
    database,
    // Sockets opened with app.injectWS never answer the server's ping, so the second heartbeat
    // dropped them (1006): the cross-tenant walk, run past 50 s on a loaded CI machine, lost its
    // sockets mid-test. The heartbeat itself is tested over real sockets (events.test.ts).
    events: { heartbeatMs: 30 * 60_000 },
    // The waitlist is swept by the tests that need it, with their own clock (app.waitlist.sweep).
    waitlist: { sweepIntervalMs: 0 },
    ...(rateLimitStore ? { rateLimitStore } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The real app on a fresh test database for the enclosing describe: built in its first beforeAll
 * (so before the suite's own hooks, which may use it) and closed in its afterAll. Most suites
 * want exactly this; one that needs config overrides or several apps calls createTestApp.
 */
export function useTestApp(driver: Driver): TestApp {
  let built: TestApp | undefined;
  const current = (): TestApp => {
    if (!built) throw new Error('The test app exists from the suite’s beforeAll to its afterAll: use it in a hook or a test');
    return built;
  };
  beforeAll(async () => {
    built = await createTestApp(driver);
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    close: () => current().close(),
  };
}
