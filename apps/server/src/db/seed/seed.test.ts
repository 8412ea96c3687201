import { SIGN_IN_FAILED_MESSAGE } from '@caredesk/shared';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { createTestDatabase, drivers, withScratchPostgres, type Driver } from '../../test/database.js';
import { bearer, createOrganisation } from '../../test/fixtures.js';
import type { Database } from '../client.js';
import { organisations, staff } from '../schema/index.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { seedDemo } from './index.js';

const DEMO_ACCOUNTS = ['admin@hospital.demo', 'worker@hospital.demo', 'admin@scan.demo', 'worker@scan.demo', 'admin@multi.demo', 'worker@multi.demo', 'admin@lapsed.demo'];

/** The seed needs an empty database: a fresh PGlite, or a scratch PostgreSQL database. */
async function withEmptyDatabase(driver: Driver, run: (database: Database) => Promise<void>): Promise<void> {
  const go = async (url?: string) => {
    const database = await createTestDatabase(driver, url);
    try {
      await run(database);
    } finally {
      await database.close();
    }
  };
  if (driver === 'pglite') return go();
  return withScratchPostgres(go);
}

describe.each(drivers)('the demo seed (%s)', (driver) => {
  it('creates all seven demo accounts, which sign in with the demo password', async () => {
    await withEmptyDatabase(driver, async (database) => {
      const result = await seedDemo(database.db);
      expect(result.seeded).toBe(true);
      expect([...result.accounts].sort()).toEqual([...DEMO_ACCOUNTS].sort());
      expect((await database.db.select({ email: staff.email }).from(staff)).map((s) => s.email).sort()).toEqual([...DEMO_ACCOUNTS].sort());

      const app = await buildApp({ config: testConfig({ SIGN_IN_IP_RATE_LIMIT: 1000 }), database });
      try {
        for (const email of DEMO_ACCOUNTS) {
          const response = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email, password: DEMO_PASSWORD } });
          expect(response.statusCode, email).toBe(200);
        }
        const multi = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'admin@multi.demo', password: DEMO_PASSWORD } });
        const multiToken = multi.json<{ access_token: string }>().access_token;
        const profile = await app.inject({ url: '/api/settings/organisation', headers: bearer(multiToken) });
        expect(profile.json<{ type: string; facilities: unknown[] }>()).toMatchObject({ type: 'MULTIHOSPITAL' });
        expect(profile.json<{ facilities: unknown[] }>().facilities).toHaveLength(3);

        const hospital = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'worker@hospital.demo', password: DEMO_PASSWORD } });
        const hospitalToken = hospital.json<{ access_token: string }>().access_token;
        const inbox = (await app.inject({ url: '/api/notifications/all', headers: bearer(hospitalToken) })).json<{ data: { type: string }[]; unread: number }>();
        expect(inbox.data.length).toBeGreaterThanOrEqual(4);
        expect(inbox.data.length).toBeLessThanOrEqual(6);
        expect(inbox.unread).toBeGreaterThan(0);
        expect(new Set(inbox.data.map((n) => n.type)).size).toBe(3);

        const lapsed = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'admin@lapsed.demo', password: DEMO_PASSWORD } });
        const lapsedToken = lapsed.json<{ access_token: string }>().access_token;
        const plan = (await app.inject({ url: '/api/plan/current', headers: bearer(lapsedToken) })).json<{ isActive: boolean }>();
        const wallet = (await app.inject({ url: '/api/wallet', headers: bearer(lapsedToken) })).json<{ balance: number }>();
        expect(plan.isActive).toBe(false);
        expect(wallet.balance).toBe(45.5);

        const wrong = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'admin@scan.demo', password: 'Demo@1234' } });
        expect(wrong.json()).toMatchObject({ statusCode: 401, message: SIGN_IN_FAILED_MESSAGE });
      } finally {
        await app.close();
      }

      // A second run finds data and does nothing.
      expect(await seedDemo(database.db)).toEqual({ seeded: false, accounts: [] });
      expect((await database.db.select({ n: count() }).from(staff))[0]?.n).toBe(7);
    });
  });

  it('never seeds a database that already holds an organisation', async () => {
    await withEmptyDatabase(driver, async (database) => {
      await createOrganisation(database.db);
      expect(await seedDemo(database.db)).toEqual({ seeded: false, accounts: [] });
      expect((await database.db.select({ n: count() }).from(organisations))[0]?.n).toBe(1);
    });
  });
});
