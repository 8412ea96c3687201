import type { FastifyInstance } from 'fastify';
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
  const config = testConfig({ SIGN_IN_IP_RATE_LIMIT: 100_000, WEB_DIST: '/nonexistent-caredesk-web-dist', ...overrides });
  const app = await buildApp({ config, database, ...(rateLimitStore ? { rateLimitStore } : {}) });
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
