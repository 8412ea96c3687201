import { WHATSAPP_ADDON, planOffersSchema, planPurchaseResponseSchema, planStatusSchema, type PaymentOrder, type PlanPurchaseResponse } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plans, subscriptions, walletEntries } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, staffClients, type ApiClient } from '../../test/fixtures.js';
import { createPlan, paidWalletOrder, payWithTestCard, rechargeInTestMode } from '../../test/payments.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(bothDrivers)('buying plans and the WhatsApp add-on (%s)', (driver) => {
  const t = useTestApp(driver);

  const newOrganisation = async (options: Parameters<typeof createOrganisation>[1] = {}) => {
    const org = await createOrganisation(t.database.db, options);
    return { org, ...(await staffClients(t.app, org)) };
  };
  const status = async (client: ApiClient) => planStatusSchema.parse((await client.get('/api/plan/current')).json());
  const purchase = async (client: ApiClient, url: string, body: unknown): Promise<PlanPurchaseResponse> => {
    const response = await client.post(url, body);
    expect(response.statusCode, response.body).toBe(200);
    return planPurchaseResponseSchema.parse(response.json());
  };
  const payCheckout = async (client: ApiClient, order: PaymentOrder) => (await payWithTestCard(client, order.id)).json<{ paymentId: string; orderId: string; signature: string }>();

  it('lists the plans on sale with their features, not retired ones', async () => {
    const onSale = await createPlan(t.database.db, { features: ['Unlimited doctors', 'Chats'] });
    const retired = await createPlan(t.database.db, { active: false });
    const { worker } = await newOrganisation();
    const offers = planOffersSchema.parse((await worker.get('/api/plan/plans')).json()).data;
    expect(offers).toContainEqual({ id: onSale.id, name: onSale.name, pricePaise: 70_000, durationDays: 30, features: ['Unlimited doctors', 'Chats'] });
    expect(offers.map((offer) => offer.id)).not.toContain(retired.id);
  });

  it('activates a plan from the wallet when the balance covers it: one debit, one period, status active', async () => {
    const { org, admin } = await newOrganisation();
    await rechargeInTestMode(admin, 1000);
    const plan = await createPlan(t.database.db, { name: 'Clinic Plus', pricePaise: 70_000, durationDays: 30, features: ['Token queue'] });
    const before = Date.now();

    const answer = await purchase(admin, '/api/plan/activate', { planId: plan.id });
    expect(answer).toMatchObject({ status: 'ACTIVATED', paidFrom: 'WALLET', plan: { isActive: true, planId: plan.id, planName: 'Clinic Plus', features: ['Token queue'] } });
    const current = await status(admin);
    expect(Date.parse(current.endsAt!) - Date.parse(current.startsAt!)).toBe(30 * DAY_MS);
    expect(Date.parse(current.startsAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await admin.get('/api/wallet')).json()).toMatchObject({ balance: 300 });
    const debits = await t.database.db.select().from(walletEntries).where(eq(walletEntries.organisationId, org.id));
    expect(debits.filter((entry) => entry.kind === 'DEBIT')).toMatchObject([{ amountPaise: 70_000, balanceAfterPaise: 30_000, description: 'Plan: Clinic Plus' }]);
  });

  it('renewing while active extends from the current end date', async () => {
    const { admin } = await newOrganisation();
    await rechargeInTestMode(admin, 2000);
    const plan = await createPlan(t.database.db, { pricePaise: 50_000, durationDays: 30 });
    await purchase(admin, '/api/plan/activate', { planId: plan.id });
    const first = await status(admin);
    const renewed = await purchase(admin, '/api/plan/activate', { planId: plan.id });
    expect(renewed).toMatchObject({ status: 'ACTIVATED', plan: { isActive: true, startsAt: first.startsAt } });
    const second = await status(admin);
    expect(Date.parse(second.endsAt!)).toBe(Date.parse(first.endsAt!) + 30 * DAY_MS);
  });

  it('goes to checkout when the wallet does not cover the price, then activates once on verification', async () => {
    const { org, admin } = await newOrganisation({ walletPaise: 4_550 });
    const plan = await createPlan(t.database.db, { name: 'Hospital Pro', pricePaise: 249_900, durationDays: 365 });

    const answer = await purchase(admin, '/api/plan/activate', { planId: plan.id });
    if (answer.status !== 'CHECKOUT') throw new Error('expected a checkout');
    expect(answer.order).toMatchObject({ purpose: 'PLAN', amountPaise: 249_900, currency: 'INR', provider: 'simulated' });
    expect((await admin.get('/api/wallet')).json()).toMatchObject({ balance: 45.5 });
    expect((await status(admin)).isActive).toBe(false);

    const payment = await payCheckout(admin, answer.order);
    const verified = await Promise.all(Array.from({ length: 5 }, () => purchase(admin, '/api/plan/verify-subscription', payment)));
    for (const body of verified) expect(body).toMatchObject({ status: 'ACTIVATED', paidFrom: 'CHECKOUT', plan: { isActive: true, planId: plan.id, planName: 'Hospital Pro' } });
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.organisationId, org.id))).toHaveLength(1);
    expect((await admin.get('/api/wallet')).json()).toMatchObject({ balance: 45.5 });
  });

  it('subscribes the WhatsApp add-on through checkout', async () => {
    const { admin } = await newOrganisation({ planEndsInDays: 100 });
    const ordered = await admin.post('/api/plan/subscribe-whatsapp', {});
    expect(ordered.statusCode).toBe(200);
    const order = ordered.json<PaymentOrder>();
    expect(order).toMatchObject({ purpose: 'WHATSAPP', amountPaise: WHATSAPP_ADDON.pricePaise, name: WHATSAPP_ADDON.name });
    expect((await status(admin)).whatsapp).toEqual({ isActive: false, endsAt: null });

    const answer = await purchase(admin, '/api/plan/verify-subscription', await payCheckout(admin, order));
    expect(answer).toMatchObject({ status: 'ACTIVATED', paidFrom: 'CHECKOUT', plan: { isActive: true, whatsapp: { isActive: true } } });
    const whatsapp = (await status(admin)).whatsapp!;
    expect(Date.parse(whatsapp.endsAt!) - Date.now()).toBeGreaterThan((WHATSAPP_ADDON.durationDays - 1) * DAY_MS);
  });

  it('verifies only plan and WhatsApp orders, only with a valid signature, only for the caller', async () => {
    const { admin } = await newOrganisation();
    const { payment } = await paidWalletOrder(admin, 100);
    const wrongPurpose = await admin.post('/api/plan/verify-subscription', payment);
    expect(wrongPurpose.statusCode).toBe(400);
    expect(wrongPurpose.json()).toMatchObject({ message: 'This payment is for a wallet recharge' });

    const order = (await admin.post('/api/plan/subscribe-whatsapp', {})).json<PaymentOrder>();
    const paid = await payCheckout(admin, order);
    const tampered = await admin.post('/api/plan/verify-subscription', { ...paid, signature: '0'.repeat(64) });
    expect(tampered.json()).toMatchObject({ statusCode: 400, message: 'Payment could not be verified' });
    const outsider = await newOrganisation();
    expect((await outsider.admin.post('/api/plan/verify-subscription', paid)).statusCode).toBe(404);
    expect((await status(admin)).whatsapp?.isActive).toBe(false);
  });

  it('lets only an administrator buy (403 for a worker) and answers 404 for a plan not on sale', async () => {
    const { admin, worker } = await newOrganisation({ walletPaise: 1_000_000 });
    const plan = await createPlan(t.database.db);
    for (const response of [
      await worker.post('/api/plan/activate', { planId: plan.id }),
      await worker.post('/api/plan/subscribe-whatsapp', {}),
      await worker.post('/api/plan/verify-subscription', { paymentId: 'pay_x', orderId: 'order_x', signature: 'ab' }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await status(worker)).isActive).toBe(false);
    const retired = await createPlan(t.database.db, { active: false });
    for (const planId of [retired.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await admin.post('/api/plan/activate', { planId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Plan not found' });
    }
  });

  it('turns inactive by itself when the period ends, and a purchase after a lapse starts now', async () => {
    const { org, admin } = await newOrganisation({ walletPaise: 1_000_000 });
    const plan = await createPlan(t.database.db, { pricePaise: 10_000, durationDays: 30 });
    await t.database.db
      .insert(subscriptions)
      .values({ organisationId: org.id, planId: plan.id, startsAt: new Date(Date.now() - 30 * DAY_MS), endsAt: new Date(Date.now() + 1500) });
    expect(await status(admin)).toMatchObject({ isActive: true, planId: plan.id });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await status(admin)).toMatchObject({ isActive: false, planId: plan.id, planName: plan.name });

    const renewed = await purchase(admin, '/api/plan/activate', { planId: plan.id });
    if (renewed.status !== 'ACTIVATED') throw new Error('expected an activation');
    expect(renewed.plan.isActive).toBe(true);
    expect(Math.abs(Date.parse(renewed.plan.startsAt!) - Date.now())).toBeLessThan(5000);
  });

  it('shows the plan a lapsed organisation had, with its features', async () => {
    const { org, admin } = await newOrganisation({ planEndsInDays: -3 });
    const [row] = await t.database.db.select({ planId: subscriptions.planId }).from(subscriptions).where(eq(subscriptions.organisationId, org.id));
    await t.database.db
      .update(plans)
      .set({ features: ['Old feature'] })
      .where(eq(plans.id, row!.planId));
    expect(await status(admin)).toMatchObject({ isActive: false, planName: 'Test Plan', features: ['Old feature'] });
  });
});
