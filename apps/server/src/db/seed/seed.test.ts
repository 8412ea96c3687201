import { SIGN_IN_FAILED_MESSAGE } from '@caredesk/shared';
import { and, asc, count, countDistinct, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import { createTestDatabase, bothDrivers, withScratchPostgres, type Driver } from '../../test/database.js';
import { bearer, createOrganisation } from '../../test/fixtures.js';
import type { Database, Db } from '../client.js';
import {
  appointments,
  bookings,
  bookingTests,
  doctors,
  organisations,
  patients,
  paymentOrders,
  servicePackageItems,
  services,
  staff,
  walletEntries,
  wallets,
} from '../schema/index.js';
import { DEMO_PASSWORD } from './demo-data.js';
import { seedDemo } from './index.js';

/** Doctors, scans/tests, other services and patients of a demo organisation (by an account's e-mail domain). */
async function recordCounts(database: Database, organisationEmail: string) {
  const db: Db = database.db;
  const [organisation] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.email, organisationEmail));
  const id = organisation!.id;
  const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    doctors: await one(db.select({ n: count() }).from(doctors).where(eq(doctors.organisationId, id))),
    specializations: await one(
      db
        .select({ n: countDistinct(doctors.specialization) })
        .from(doctors)
        .where(eq(doctors.organisationId, id)),
    ),
    facilitiesWithDoctors: await one(
      db
        .select({ n: countDistinct(doctors.facilityId) })
        .from(doctors)
        .where(eq(doctors.organisationId, id)),
    ),
    scansAndTests: await one(
      db
        .select({ n: count() })
        .from(services)
        .where(and(eq(services.organisationId, id), ne(services.kind, 'OTHER'))),
    ),
    otherServices: await one(
      db
        .select({ n: count() })
        .from(services)
        .where(and(eq(services.organisationId, id), eq(services.kind, 'OTHER'))),
    ),
    patients: await one(db.select({ n: count() }).from(patients).where(eq(patients.organisationId, id))),
    appointments: await one(db.select({ n: count() }).from(appointments).where(eq(appointments.organisationId, id))),
  };
}

const DEMO_ACCOUNTS = [
  'admin@hospital.demo',
  'worker@hospital.demo',
  'doctor@hospital.demo',
  'admin@scan.demo',
  'worker@scan.demo',
  'admin@multi.demo',
  'worker@multi.demo',
  'admin@lapsed.demo',
];

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

describe.each(bothDrivers)('the demo seed (%s)', (driver) => {
  it('creates all eight demo accounts, which sign in with the demo password', async () => {
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
        // Conversations with patients, newest first, half of them waiting for the desk.
        const chats = (await app.inject({ url: '/api/chats', headers: bearer(multiToken) })).json<{
          data: { patientId: string; unreadCount: number; lastActivityAt: string }[];
          unreadConversations: number;
        }>();
        expect(chats.data).toHaveLength(6);
        expect(chats.unreadConversations).toBe(3);
        expect(chats.data.map((chat) => chat.lastActivityAt)).toEqual(
          chats.data
            .map((chat) => chat.lastActivityAt)
            .sort()
            .reverse(),
        );
        const chatThread = (await app.inject({ url: `/api/chats/${chats.data[0]!.patientId}`, headers: bearer(multiToken) })).json<{ messages: { readAt: string | null }[] }>();
        expect(chatThread.messages.length).toBeGreaterThanOrEqual(2);

        const hospital = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'worker@hospital.demo', password: DEMO_PASSWORD } });
        const hospitalToken = hospital.json<{ access_token: string }>().access_token;
        const inbox = (await app.inject({ url: '/api/notifications/all', headers: bearer(hospitalToken) })).json<{ data: { type: string }[]; unread: number }>();
        expect(inbox.data.length).toBeGreaterThanOrEqual(4);
        expect(inbox.data.length).toBeLessThanOrEqual(6);
        expect(inbox.unread).toBeGreaterThan(0);
        expect(new Set(inbox.data.map((n) => n.type)).size).toBe(3);
        const meera = (await app.inject({ url: '/api/doctors?search=meera', headers: bearer(hospitalToken) })).json<{ data: { name: string; availability: unknown[] }[] }>();
        expect(meera.data.map((d) => d.name)).toEqual(['Dr. Meera Joshi']);
        expect(meera.data[0]!.availability.length).toBeGreaterThan(6);
        expect((await app.inject({ url: '/api/patients?pageSize=1', headers: bearer(hospitalToken) })).json()).toMatchObject({ total: 300 });

        // Dr. Meera Joshi's own account: her consulting room, with no desk notifications in it.
        const doctor = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'doctor@hospital.demo', password: DEMO_PASSWORD } });
        expect(doctor.json<{ user: { role: string } }>().user.role).toBe('USER');
        const doctorToken = doctor.json<{ access_token: string }>().access_token;
        const room = await app.inject({ url: '/api/consulting/queue', headers: bearer(doctorToken) });
        expect(room.statusCode, room.body).toBe(200);
        expect(room.json<{ name: string }>().name).toBe('Dr. Meera Joshi');
        expect((await app.inject({ url: '/api/notifications/all', headers: bearer(doctorToken) })).json<{ data: unknown[] }>().data).toEqual([]);

        const lapsed = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'admin@lapsed.demo', password: DEMO_PASSWORD } });
        const lapsedToken = lapsed.json<{ access_token: string }>().access_token;
        const plan = (await app.inject({ url: '/api/plan/current', headers: bearer(lapsedToken) })).json<{ isActive: boolean }>();
        const wallet = (await app.inject({ url: '/api/wallet', headers: bearer(lapsedToken) })).json<{ balance: number }>();
        expect(plan.isActive).toBe(false);
        expect(wallet.balance).toBe(45.5);
        const offers = (await app.inject({ url: '/api/plan/plans', headers: bearer(lapsedToken) })).json<{ data: { name: string; features: string[] }[] }>();
        expect(offers.data.map((offer) => offer.name)).toEqual(['Starter', 'Professional', 'Enterprise']);
        for (const offer of offers.data) expect(offer.features.length).toBeGreaterThanOrEqual(4);
        const hospitalPlan = (await app.inject({ url: '/api/plan/current', headers: bearer(hospitalToken) })).json<{ isActive: boolean; planName: string; features: string[] }>();
        expect(hospitalPlan).toMatchObject({ isActive: true, planName: 'Professional' });
        expect(hospitalPlan.features.length).toBeGreaterThan(0);

        const wrong = await app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: 'admin@scan.demo', password: 'Demo@1234' } });
        expect(wrong.json()).toMatchObject({ statusCode: 401, message: SIGN_IN_FAILED_MESSAGE });
      } finally {
        await app.close();
      }

      expect(await recordCounts(database, 'contact@sanjeevani.demo')).toMatchObject({ doctors: 15, scansAndTests: 0, otherServices: 6, patients: 300 });
      expect((await recordCounts(database, 'contact@sanjeevani.demo')).specializations).toBeGreaterThanOrEqual(8);
      expect(await recordCounts(database, 'care@lotusdiagnostics.demo')).toMatchObject({ doctors: 0, scansAndTests: 21, otherServices: 6, patients: 200 });
      expect(await recordCounts(database, 'info@arogyagroup.demo')).toMatchObject({ doctors: 14, facilitiesWithDoctors: 3, scansAndTests: 21, otherServices: 6, patients: 300 });
      expect(await recordCounts(database, 'hello@shanticlinic.demo')).toMatchObject({ doctors: 3, scansAndTests: 0, otherServices: 2, patients: 40 });
      // Visits for every organisation with doctors; the scan centre has none.
      expect(await recordCounts(database, 'contact@sanjeevani.demo')).toMatchObject({ appointments: 115 });
      expect(await recordCounts(database, 'info@arogyagroup.demo')).toMatchObject({ appointments: 110 });
      expect(await recordCounts(database, 'hello@shanticlinic.demo')).toMatchObject({ appointments: 60 });
      expect(await recordCounts(database, 'care@lotusdiagnostics.demo')).toMatchObject({ appointments: 0 });

      // The health check is a package of seven tests; each of its bookings holds them, done as far as the visit went.
      const [checkup] = await database.db.select({ id: services.id }).from(services).where(eq(services.name, 'Full Body Health Checkup')).limit(1);
      expect(await database.db.select().from(servicePackageItems).where(eq(servicePackageItems.packageId, checkup!.id))).toHaveLength(7);
      const checkups = await database.db
        .select({ status: bookings.status, tests: count(bookingTests.id), done: sql<number>`count(*) filter (where ${bookingTests.status} = 'DONE')::int` })
        .from(bookings)
        .leftJoin(bookingTests, eq(bookingTests.bookingId, bookings.id))
        .where(eq(bookings.serviceId, checkup!.id))
        .groupBy(bookings.id, bookings.status);
      expect(checkups.length).toBeGreaterThan(0);
      for (const visit of checkups) {
        expect(visit.tests).toBe(7);
        if (visit.status === 'COMPLETED') expect(visit.done).toBe(7);
        if (visit.status === 'BOOKED') expect(visit.done).toBe(0);
      }

      // Every demo ledger adds up: each entry moves the balance by its amount, the last is the balance.
      const ledgers = await database.db.select().from(walletEntries).orderBy(asc(walletEntries.entryNumber));
      for (const wallet of await database.db.select().from(wallets)) {
        let running = 0;
        for (const entry of ledgers.filter((e) => e.organisationId === wallet.organisationId)) {
          running += entry.kind === 'CREDIT' ? entry.amountPaise : -entry.amountPaise;
          expect(entry.balanceAfterPaise).toBe(running);
        }
        expect(wallet.balancePaise).toBe(running);
      }
      // Every recharge credit comes from a paid order for the same amount.
      const orders = await database.db.select().from(paymentOrders);
      const credits = ledgers.filter((entry) => entry.kind === 'CREDIT');
      expect(credits.length).toBeGreaterThan(0);
      for (const credit of credits) expect(orders).toContainEqual(expect.objectContaining({ status: 'PAID', paidPaymentId: credit.paymentId, amountPaise: credit.amountPaise }));

      // A second run finds data and does nothing.
      expect(await seedDemo(database.db)).toEqual({ seeded: false, accounts: [] });
      expect((await database.db.select({ n: count() }).from(staff))[0]?.n).toBe(DEMO_ACCOUNTS.length);
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
