import { planStatusSchema, walletSchema } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn } from '../../test/fixtures.js';

describe.each(drivers)('plan status and wallet balance (%s)', (driver) => {
  const t = useTestApp(driver);

  const read = async (email: string) => {
    const { access_token } = await signIn(t.app, email);
    const [plan, wallet] = await Promise.all([
      t.app.inject({ url: '/api/plan/current', headers: bearer(access_token) }),
      t.app.inject({ url: '/api/wallet', headers: bearer(access_token) }),
    ]);
    return { plan: planStatusSchema.parse(plan.json()), wallet: walletSchema.parse(wallet.json()) };
  };

  it('shows an active plan and the balance in rupees with paise', async () => {
    const org = await createOrganisation(t.database.db, { planEndsInDays: 270, walletPaise: 245_050 });
    const { plan, wallet } = await read(org.worker.email);
    expect(plan).toMatchObject({ isActive: true, planName: 'Test Plan' });
    expect(Date.parse(plan.endsAt!)).toBeGreaterThan(Date.now());
    expect(wallet).toEqual({ showWallet: true, balance: 2450.5 });
  });

  it('shows a lapsed plan as inactive and a low balance as it is', async () => {
    const org = await createOrganisation(t.database.db, { planEndsInDays: -30, walletPaise: 4550 });
    const { plan, wallet } = await read(org.admin.email);
    expect(plan).toMatchObject({ isActive: false, planName: 'Test Plan' });
    expect(wallet.balance).toBe(45.5);
  });

  it('answers inactive with no plan, zero with no wallet, and honours showWallet', async () => {
    const org = await createOrganisation(t.database.db);
    await t.database.db.update(organisations).set({ showWallet: false }).where(eq(organisations.id, org.id));
    const { plan, wallet } = await read(org.admin.email);
    expect(plan).toEqual({
      isActive: false,
      planId: null,
      planName: null,
      startsAt: null,
      endsAt: null,
      features: [],
      whatsapp: { isActive: false, endsAt: null },
    });
    expect(wallet).toEqual({ showWallet: false, balance: 0 });
  });
});
