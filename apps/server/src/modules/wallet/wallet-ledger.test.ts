import { DEFAULT_TIME_ZONE, paginatedSchema, todayIn, walletEntrySchema, type WalletEntry } from '@caredesk/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { subscriptions, walletEntries, wallets } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, daysFromToday, staffClients } from '../../test/fixtures.js';
import { createPlan, rechargeInTestMode } from '../../test/payments.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ledger's invariants: each entry moves the balance by its amount, and the last one is the balance. */
async function expectConsistentLedger(db: Db, organisationId: string): Promise<void> {
  const entries = await db.select().from(walletEntries).where(eq(walletEntries.organisationId, organisationId)).orderBy(asc(walletEntries.entryNumber));
  const [wallet] = await db.select().from(wallets).where(eq(wallets.organisationId, organisationId));
  let running = 0;
  for (const entry of entries) {
    running += entry.kind === 'CREDIT' ? entry.amountPaise : -entry.amountPaise;
    expect(entry.balanceAfterPaise).toBe(running);
    expect(entry.balanceAfterPaise).toBeGreaterThanOrEqual(0);
  }
  expect(wallet?.balancePaise ?? 0).toBe(running);
}

describe.each(bothDrivers)('the wallet ledger (%s)', (driver) => {
  const t = useTestApp(driver);

  it('keeps balance = sum of entries and a balanceAfter chain through concurrent credits and debits, never below zero', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    await Promise.all([rechargeInTestMode(admin, 1000), rechargeInTestMode(admin, 500.5), rechargeInTestMode(admin, 200)]);
    const plan = await createPlan(t.database.db, { pricePaise: 70_000, durationDays: 30 });

    // ₹1,700.50 pays for two ₹700 plans; of five bought at once, three go to checkout.
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.post('/api/plan/activate', { planId: plan.id })));
    const statuses = answers.map((answer) => answer.json<{ status: string }>().status).sort();
    expect(statuses).toEqual(['ACTIVATED', 'ACTIVATED', 'CHECKOUT', 'CHECKOUT', 'CHECKOUT']);
    expect((await admin.get('/api/wallet')).json()).toMatchObject({ balance: 300.5 });
    await expectConsistentLedger(t.database.db, org.id);

    // The two periods queue one after the other instead of overlapping.
    const periods = await t.database.db.select().from(subscriptions).where(eq(subscriptions.organisationId, org.id)).orderBy(asc(subscriptions.startsAt));
    expect(periods).toHaveLength(2);
    expect(periods[1]!.startsAt).toEqual(periods[0]!.endsAt);
    expect(periods[0]!.endsAt.getTime() - periods[0]!.startsAt.getTime()).toBe(30 * DAY_MS);
  });

  it('refuses a negative balance in the database itself', async () => {
    const org = await createOrganisation(t.database.db, { walletPaise: 100 });
    await expect(
      t.database.db
        .update(wallets)
        .set({ balancePaise: sql`${wallets.balancePaise} - 101` })
        .where(eq(wallets.organisationId, org.id)),
    ).rejects.toThrow();
  });

  describe('GET /api/wallet/entries and export.csv', () => {
    let fixture: Awaited<ReturnType<typeof ledgerWithHistory>>;
    async function ledgerWithHistory() {
      const org = await createOrganisation(t.database.db);
      const clients = await staffClients(t.app, org);
      for (const amount of [100, 1000, 500]) await rechargeInTestMode(clients.admin, amount);
      const plan = await createPlan(t.database.db, { name: 'Clinic Basic', pricePaise: 99_900 });
      await clients.admin.post('/api/plan/activate', { planId: plan.id });
      // The first recharge happened ten days ago.
      const [first] = await t.database.db.select().from(walletEntries).where(eq(walletEntries.organisationId, org.id)).orderBy(asc(walletEntries.entryNumber)).limit(1);
      await t.database.db
        .update(walletEntries)
        .set({ createdAt: new Date(Date.now() - 10 * DAY_MS) })
        .where(eq(walletEntries.id, first!.id));
      return { org, ...clients };
    }
    beforeAll(async () => {
      fixture = await ledgerWithHistory();
    });
    const list = async (query = '') => {
      const response = await fixture.worker.get(`/api/wallet/entries${query}`);
      expect(response.statusCode).toBe(200);
      return paginatedSchema(walletEntrySchema).parse(response.json());
    };
    const summary = (entries: WalletEntry[]) => entries.map((e) => `${e.kind} ${e.amountPaise} -> ${e.balanceAfterPaise}`);

    it('lists newest first by default, for any staff member, with the balance after each entry', async () => {
      const page = await list();
      expect(page.total).toBe(4);
      expect(summary(page.data)).toEqual(['DEBIT 99900 -> 60100', 'CREDIT 50000 -> 160000', 'CREDIT 100000 -> 110000', 'CREDIT 10000 -> 10000']);
      expect(page.data[0]).toMatchObject({ description: 'Plan: Clinic Basic', paymentId: null });
      expect(page.data[1]!.paymentId).toMatch(/^pay_sim_/);
    });

    it('filters by kind and dates (days in the organisation time zone), sorts by amount and pages', async () => {
      expect(summary((await list('?kind=DEBIT')).data)).toEqual(['DEBIT 99900 -> 60100']);
      expect((await list(`?from=${todayIn(DEFAULT_TIME_ZONE)}&to=${todayIn(DEFAULT_TIME_ZONE)}`)).total).toBe(3);
      expect(summary((await list(`?to=${daysFromToday(-5)}`)).data)).toEqual(['CREDIT 10000 -> 10000']);
      expect((await list(`?from=${daysFromToday(2)}`)).total).toBe(0);
      expect(summary((await list('?sort=amount&order=desc')).data)).toEqual(['CREDIT 100000 -> 110000', 'DEBIT 99900 -> 60100', 'CREDIT 50000 -> 160000', 'CREDIT 10000 -> 10000']);
      const second = await list('?sort=createdAt&order=asc&page=2&pageSize=3');
      expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(summary(second.data)).toEqual(['DEBIT 99900 -> 60100']);
      expect((await list('?search=clinic')).total).toBe(1);
    });

    it("exports the filtered ledger as CSV in rupees, and never another organisation's entries", async () => {
      const response = await fixture.worker.get('/api/wallet/entries/export.csv?kind=CREDIT&order=asc');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/filename="wallet-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = response.body.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe('Date,Type,Amount (₹),Balance after (₹),Description,Payment id');
      expect(lines.slice(1).map((line) => line.split(',').slice(1, 5).join(','))).toEqual([
        'Credit,100.00,100.00,Wallet recharge',
        'Credit,1000.00,1100.00,Wallet recharge',
        'Credit,500.00,1600.00,Wallet recharge',
      ]);

      const outsider = await createOrganisation(t.database.db);
      const { admin } = await staffClients(t.app, outsider);
      expect((await admin.get('/api/wallet/entries')).json()).toMatchObject({ total: 0, data: [] });
      expect((await admin.get('/api/wallet/entries/export.csv')).body.trimEnd().split('\r\n')).toHaveLength(1);
    });
  });
});
