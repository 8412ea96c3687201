import { paymentOrderSchema, type PaymentOrder } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, walletEntries } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { fakeRazorpayKeys, razorpayCheckoutResult, razorpayConfig, razorpayWebhook, startFakeRazorpay, type FakeRazorpay } from '../../test/fake-razorpay.js';
import { createOrganisation, staffClients, type ApiClient } from '../../test/fixtures.js';
import { createPlan } from '../../test/payments.js';

describe.each(bothDrivers)('payments through Razorpay (%s)', (driver) => {
  let fake: FakeRazorpay;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp(driver, razorpayConfig(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const newOrganisation = async () => {
    const org = await createOrganisation(t.database.db);
    return { org, ...(await staffClients(t.app, org)) };
  };
  const order = async (admin: ApiClient, amount: number): Promise<PaymentOrder> => paymentOrderSchema.parse((await admin.post('/api/wallet/order', { amount })).json());
  const deliver = (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', payload: delivery.payload, headers: delivery.headers });
  const creditsOf = (organisationId: string) => t.database.db.select().from(walletEntries).where(eq(walletEntries.organisationId, organisationId));
  const balanceOf = async (client: ApiClient) => (await client.get('/api/wallet')).json<{ balance: number }>().balance;

  it("creates the order at Razorpay's Orders API and hands the checkout its key and order id", async () => {
    const { org, admin } = await newOrganisation();
    fake.requests.length = 0;
    const created = await order(admin, 499.99);
    expect(created).toMatchObject({ provider: 'razorpay', keyId: fakeRazorpayKeys.keyId, amountPaise: 49_999, currency: 'INR', id: expect.stringMatching(/^order_/) });
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, created.id));
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${fakeRazorpayKeys.keyId}:${fakeRazorpayKeys.keySecret}`).toString('base64')}`,
      body: { amount: 49_999, currency: 'INR', receipt: row!.id, notes: { purpose: 'WALLET_RECHARGE', organisationId: org.id } },
    });
  });

  it('answers 502 and records no order when Razorpay refuses it', async () => {
    const { org, admin } = await newOrganisation();
    fake.failNext(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'Order amount exceeds the maximum amount allowed.' } });
    const response = await admin.post('/api/wallet/order', { amount: 100 });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: 'The payment provider refused the order: Order amount exceeds the maximum amount allowed.' });
    expect(await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.organisationId, org.id))).toEqual([]);
  });

  it("verifies the browser's payment with the key secret and credits once", async () => {
    const { admin } = await newOrganisation();
    const created = await order(admin, 250);
    const payment = razorpayCheckoutResult(created.id);
    expect((await admin.post('/api/wallet/recharge', { ...payment, signature: razorpayCheckoutResult(created.id).signature })).statusCode).toBe(400);
    expect((await admin.post('/api/wallet/recharge', payment)).json()).toEqual({ verified: true, credited: true, balance: 250, amount: 250 });
    expect((await admin.post('/api/wallet/recharge', payment)).json()).toEqual({ verified: true, credited: false, balance: 250, amount: 250 });
  });

  it('credits from payment.captured when the browser never verified, once per event id', async () => {
    const { org, admin } = await newOrganisation();
    const created = await order(admin, 800);
    const delivery = razorpayWebhook('payment.captured', { id: 'pay_closedbrowser1', order_id: created.id, amount: 80_000 });
    const first = await deliver(delivery);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ outcome: 'applied' });
    expect((await deliver(delivery)).json()).toEqual({ outcome: 'duplicate' });
    expect(await balanceOf(admin)).toBe(800);
    expect(await creditsOf(org.id)).toMatchObject([{ amountPaise: 80_000, paymentId: 'pay_closedbrowser1' }]);
  });

  it('credits once when the webhook and the browser verify arrive together', async () => {
    const { org, admin } = await newOrganisation();
    const created = await order(admin, 1200);
    const payment = razorpayCheckoutResult(created.id);
    const webhooks = ['payment.captured', 'order.paid'].map((event) => razorpayWebhook(event, { id: payment.paymentId, order_id: created.id, amount: 120_000 }));
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => admin.post('/api/wallet/recharge', payment)),
      ...webhooks.flatMap((delivery) => [deliver(delivery), deliver(delivery)]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(9).fill(200));
    const verifies = answers.slice(0, 5).map((answer) => answer.json<{ credited: boolean; balance: number }>());
    const outcomes = answers.slice(5).map((answer) => answer.json<{ outcome: string }>().outcome);
    expect(verifies.filter((body) => body.credited).length + outcomes.filter((outcome) => outcome === 'applied').length).toBe(1);
    for (const body of verifies) expect(body.balance).toBe(1200);
    expect(await creditsOf(org.id)).toHaveLength(1);
    expect(await balanceOf(admin)).toBe(1200);
  });

  it('refuses a webhook whose signature does not match the raw body (400) and changes nothing', async () => {
    const { org, admin } = await newOrganisation();
    const created = await order(admin, 300);
    const delivery = razorpayWebhook('payment.captured', { id: 'pay_forged1', order_id: created.id, amount: 30_000 });
    const reformatted = JSON.stringify(JSON.parse(delivery.payload), null, 2);
    for (const forged of [
      { ...delivery, headers: { ...delivery.headers, 'x-razorpay-signature': '0'.repeat(64) } },
      { ...delivery, payload: reformatted },
      { ...delivery, payload: delivery.payload.replace('"amount":30000', '"amount":3000000') },
      { ...delivery, headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_nosig' } },
    ]) {
      const response = await deliver(forged);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Invalid webhook signature' });
    }
    expect(await creditsOf(org.id)).toEqual([]);
    // A forged delivery did not use up the event id: the genuine one still applies.
    expect((await deliver(delivery)).json()).toEqual({ outcome: 'applied' });
  });

  it('acknowledges and ignores an unknown order, a wrong amount and other events; records a failed payment', async () => {
    const { org, admin } = await newOrganisation();
    const created = await order(admin, 300);
    for (const delivery of [
      razorpayWebhook('payment.captured', { id: 'pay_unknown1', order_id: 'order_NotOurs000001', amount: 30_000 }),
      razorpayWebhook('payment.captured', { id: 'pay_short1', order_id: created.id, amount: 100 }),
      razorpayWebhook('payment.authorized', { id: 'pay_auth1', order_id: created.id, amount: 30_000 }),
    ]) {
      const response = await deliver(delivery);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ outcome: 'ignored' });
    }
    expect(await creditsOf(org.id)).toEqual([]);

    await deliver(
      razorpayWebhook('payment.failed', { id: 'pay_failed1', order_id: created.id, amount: 30_000, error_description: 'Payment was unsuccessful as the card was declined' }),
    );
    const [row] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, created.id));
    expect(row).toMatchObject({ status: 'FAILED', failureReason: 'Payment was unsuccessful as the card was declined' });
  });

  it('activates a plan bought through checkout from its webhook', async () => {
    const { admin } = await newOrganisation();
    const plan = await createPlan(t.database.db, { pricePaise: 150_000 });
    const answer = (await admin.post('/api/plan/activate', { planId: plan.id })).json<{ status: string; order: PaymentOrder }>();
    expect(answer.status).toBe('CHECKOUT');
    expect((await deliver(razorpayWebhook('payment.captured', { id: 'pay_plan1', order_id: answer.order.id, amount: 150_000 }))).json()).toEqual({ outcome: 'applied' });
    expect((await admin.get('/api/plan/current')).json()).toMatchObject({ isActive: true, planId: plan.id });
  });

  it('has no test-mode payment route, and lets the console load Razorpay Checkout under its CSP', async () => {
    const { admin } = await newOrganisation();
    const created = await order(admin, 100);
    expect((await admin.post('/api/payments/simulated/pay', { orderId: created.id, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' })).statusCode).toBe(404);
    const csp = String((await t.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain('frame-src');
    expect(csp).toContain('https://api.razorpay.com');
  });
});
