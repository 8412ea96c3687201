import { CHECKOUT_DESCRIPTION, CHECKOUT_NAME, SIMULATED_CARDS, paymentOrderSchema, walletRechargeResponseSchema, type AppEvent } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { paymentOrders, walletEntries } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, staffClients, type ApiClient } from '../../test/fixtures.js';
import { paidWalletOrder, payWithTestCard } from '../../test/payments.js';

describe.each(bothDrivers)('wallet recharge in test mode (%s)', (driver) => {
  const t = useTestApp(driver);

  const newOrganisation = async () => {
    const org = await createOrganisation(t.database.db);
    return { org, ...(await staffClients(t.app, org)) };
  };
  const entriesOf = (organisationId: string) => t.database.db.select().from(walletEntries).where(eq(walletEntries.organisationId, organisationId));
  const orderRow = async (providerOrderId: string) => (await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId)))[0]!;
  const balanceOf = async (client: ApiClient) => (await client.get('/api/wallet')).json<{ balance: number }>().balance;

  it('orders, pays with the test card and credits the amount once, announcing wallet.updated', async () => {
    const { org, admin } = await newOrganisation();
    const events: AppEvent[] = [];
    const unsubscribe = t.app.events.subscribe((organisationId, event) => {
      if (organisationId === org.id) events.push(event);
    });

    const ordered = await admin.post('/api/wallet/order', { amount: 250.75 });
    expect(ordered.statusCode).toBe(200);
    const order = paymentOrderSchema.parse(ordered.json());
    expect(order).toMatchObject({
      provider: 'simulated',
      keyId: null,
      purpose: 'WALLET_RECHARGE',
      amountPaise: 25_075,
      currency: 'INR',
      name: CHECKOUT_NAME,
      description: CHECKOUT_DESCRIPTION,
    });
    expect(order.id).toMatch(/^order_sim_/);
    expect(order.prefill).toEqual({ id: org.admin.id, name: 'Asha Admin', email: org.admin.email });

    const paid = await payWithTestCard(admin, order.id);
    expect(paid.statusCode).toBe(200);
    const payment = paid.json<{ paymentId: string; orderId: string; signature: string }>();
    expect(payment).toMatchObject({ orderId: order.id, paymentId: expect.stringMatching(/^pay_sim_/), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const recharged = await admin.post('/api/wallet/recharge', payment);
    expect(recharged.statusCode).toBe(200);
    expect(walletRechargeResponseSchema.parse(recharged.json())).toEqual({ verified: true, credited: true, balance: 250.75, amount: 250.75 });
    expect(await balanceOf(admin)).toBe(250.75);
    expect(await entriesOf(org.id)).toMatchObject([
      { kind: 'CREDIT', amountPaise: 25_075, balanceAfterPaise: 25_075, description: 'Wallet recharge', paymentId: payment.paymentId },
    ]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'PAID', paidPaymentId: payment.paymentId, amountPaise: 25_075, createdBy: org.admin.id });

    await vi.waitFor(() => expect(events).toContainEqual({ type: 'wallet.updated', balancePaise: 25_075 }));
    unsubscribe();
  });

  it("credits the order's amount: an amount sent with the verification is ignored", async () => {
    const { org, admin } = await newOrganisation();
    const { payment } = await paidWalletOrder(admin, 100);
    const recharged = await admin.post('/api/wallet/recharge', { ...payment, amount: 1_000_000, amountPaise: 100_000_000 });
    expect(recharged.json()).toMatchObject({ credited: true, balance: 100, amount: 100 });
    expect((await entriesOf(org.id)).map((entry) => entry.amountPaise)).toEqual([10_000]);
  });

  it('refuses a tampered signature with 400 and credits nothing', async () => {
    const { org, admin } = await newOrganisation();
    const { order, payment } = await paidWalletOrder(admin, 500);
    const flipped = payment.signature.slice(0, -1) + (payment.signature.endsWith('0') ? '1' : '0');
    for (const tampered of [
      { ...payment, signature: flipped },
      { ...payment, paymentId: `${payment.paymentId}x` },
      { ...payment, signature: 'not-a-signature' },
    ]) {
      const response = await admin.post('/api/wallet/recharge', tampered);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: 'Payment could not be verified' });
    }
    expect(await entriesOf(org.id)).toEqual([]);
    expect(await balanceOf(admin)).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ status: 'CREATED', paidPaymentId: null });
  });

  it('replays answer verified with the same balance and credit nothing more', async () => {
    const { org, admin } = await newOrganisation();
    const { payment } = await paidWalletOrder(admin, 300);
    const first = (await admin.post('/api/wallet/recharge', payment)).json();
    const second = (await admin.post('/api/wallet/recharge', payment)).json();
    expect(first).toEqual({ verified: true, credited: true, balance: 300, amount: 300 });
    expect(second).toEqual({ verified: true, credited: false, balance: 300, amount: 300 });
    expect(await entriesOf(org.id)).toHaveLength(1);
  });

  it('20 verifications of one payment at once credit it exactly once and all answer the same balance', async () => {
    const { org, admin } = await newOrganisation();
    const { payment } = await paidWalletOrder(admin, 1234.5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin.post('/api/wallet/recharge', payment)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const bodies = answers.map((answer) => walletRechargeResponseSchema.parse(answer.json()));
    expect(bodies.filter((body) => body.credited)).toHaveLength(1);
    for (const body of bodies) expect(body).toMatchObject({ verified: true, balance: 1234.5, amount: 1234.5 });
    expect(await entriesOf(org.id)).toHaveLength(1);
    expect(await balanceOf(admin)).toBe(1234.5);
  });

  it("answers 404 for another organisation's order, even with its valid payment", async () => {
    const mine = await newOrganisation();
    const theirs = await newOrganisation();
    const { payment } = await paidWalletOrder(theirs.admin, 700);
    const response = await mine.admin.post('/api/wallet/recharge', payment);
    expect(response.statusCode).toBe(404);
    expect(await entriesOf(mine.org.id)).toEqual([]);
    expect(await entriesOf(theirs.org.id)).toEqual([]);
    expect((await payWithTestCard(mine.admin, payment.orderId)).statusCode).toBe(404);
  });

  it('lets a worker recharge like an admin (SPEC.md §6: role changes only the sidebar; a recharge only adds money)', async () => {
    const { admin, worker } = await newOrganisation();
    expect((await worker.get('/api/wallet')).statusCode).toBe(200);
    const { payment } = await paidWalletOrder(worker, 250);
    const verified = await worker.post('/api/wallet/recharge', payment);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(walletRechargeResponseSchema.parse(verified.json())).toMatchObject({ verified: true, credited: true, amount: 250 });
    expect(await balanceOf(admin)).toBe(250);
  });

  it("keeps a worker from paying the administrator's WhatsApp add-on order in test mode (403)", async () => {
    const { admin, worker } = await newOrganisation();
    const order = paymentOrderSchema.parse((await admin.post('/api/plan/subscribe-whatsapp', {})).json());
    const response = await payWithTestCard(worker, order.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Only an administrator can do this' });
  });

  it('refuses amounts that are not a number above 0 (SPEC.md: Enter valid amount)', async () => {
    const { admin } = await newOrganisation();
    for (const amount of [0, -5, 'abc']) {
      const response = await admin.post('/api/wallet/order', { amount });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('Enter valid amount');
    }
  });

  it('declines the failure card with 402, keeps the attempt on the order, and the order can still be paid', async () => {
    const { admin } = await newOrganisation();
    const order = (await admin.post('/api/wallet/order', { amount: 100 })).json<{ id: string }>();
    const declined = await payWithTestCard(admin, order.id, SIMULATED_CARDS.failure);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ statusCode: 402, error: 'Payment Required', message: 'Card declined (test card)' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'FAILED', failureReason: 'Card declined (test card)' });

    const paid = await payWithTestCard(admin, order.id);
    expect((await admin.post('/api/wallet/recharge', paid.json())).json()).toMatchObject({ credited: true, balance: 100 });
    expect(await orderRow(order.id)).toMatchObject({ status: 'PAID', failureReason: null });
    const again = await payWithTestCard(admin, order.id);
    expect(again.statusCode).toBe(409);
  });

  it('refuses any other card with a 400 naming cardNumber, and an unknown order with 404', async () => {
    const { admin } = await newOrganisation();
    const order = (await admin.post('/api/wallet/order', { amount: 100 })).json<{ id: string }>();
    const otherCard = await payWithTestCard(admin, order.id, '5555 5555 5555 4444');
    expect(otherCard.statusCode).toBe(400);
    expect(otherCard.json()).toMatchObject({ message: expect.stringContaining('cardNumber'), issues: [{ path: 'cardNumber' }] });
    expect((await payWithTestCard(admin, 'order_sim_doesnotexist')).statusCode).toBe(404);
  });
});
