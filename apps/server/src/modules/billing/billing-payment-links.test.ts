import { notificationHref, type Bill, type BillPaymentLink, type Notification } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { eventReaches } from '../../test/events.js';
import { razorpayConfig, razorpayPaymentLinkPaid, startFakeRazorpay, type FakeRazorpay } from '../../test/fake-razorpay.js';
import { createOrganisation, serviceInput, staffClients, type ApiClient } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';

async function walkInBill(client: ApiClient, pricePaise: number): Promise<Bill> {
  const service = await client.post('/api/services', serviceInput({ pricePaise }));
  expect(service.statusCode, service.body).toBe(201);
  const bill = await client.post('/api/billing/bills', { items: [{ serviceId: service.json<{ id: string }>().id, quantity: 1 }] });
  expect(bill.statusCode, bill.body).toBe(201);
  return bill.json<Bill>();
}

async function newLink(client: ApiClient, billId: string, body: Record<string, unknown> = {}): Promise<BillPaymentLink> {
  const response = await client.post(`/api/billing/bills/${billId}/payment-links`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillPaymentLink>();
}

const billOf = async (client: ApiClient, id: string) => (await client.get(`/api/billing/bills/${id}`)).json<Bill>();

/** Resolves when bill.updated for this bill (and link, if given) reaches the app over the bus. */
const billUpdated = (t: TestApp, organisationId: string, billId: string, linkId?: string) =>
  eventReaches(t.app, (org, event) => org === organisationId && event.type === 'bill.updated' && event.billId === billId && (!linkId || event.linkId === linkId));

describe.each(bothDrivers)('online payment at the desk, test mode (%s)', (driver) => {
  const t = useTestApp(driver);

  it('makes a UPI link for what is due, and the patient paying it becomes an online receipt, credited once however often it is confirmed', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const bill = await walkInBill(admin, 45_050);
    await worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 5_050 });
    const link = await newLink(worker, bill.id);
    expect(link).toMatchObject({ billId: bill.id, amountPaise: 40_000, upi: true, status: 'ACTIVE', simulated: true, payment: null });
    expect(new URL(link.url).searchParams.get('am')).toBe('400.00');

    const paid = await Promise.all([1, 2, 3].map(() => worker.post(`/api/billing/payment-links/${link.id}/simulated-pay`, {})));
    expect(paid.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const view = (await worker.get(`/api/billing/payment-links/${link.id}`)).json<BillPaymentLink>();
    expect(view).toMatchObject({ status: 'PAID', payment: { mode: 'ONLINE', amountPaise: 40_000, receiptNumber: expect.stringMatching(/-RCT\/\d{4}-\d{2}\/000002$/) } });
    const after = await billOf(admin, bill.id);
    expect(after).toMatchObject({ status: 'PAID', paidPaise: 45_050, duePaise: 0 });
    expect(after.payments.map((payment) => payment.mode)).toEqual(['CASH', 'ONLINE']);
    expect((await admin.get(`/api/billing/day-book?date=${after.businessDate}`)).json()).toMatchObject({ netByMode: { ONLINE: 40_000, CASH: 5_050 } });
    // Nothing is due any more: no new link.
    expect((await worker.post(`/api/billing/bills/${bill.id}/payment-links`, {})).json()).toMatchObject({ statusCode: 409, message: 'Nothing is due on this bill' });
    const routes = (await auditEntriesOf(t.database.db, org.id)).map((entry) => entry.route);
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/billing/bills/:id/payment-links', 'POST /api/billing/payment-links/:id/simulated-pay', 'GET /api/billing/payment-links/:id']),
    );
  });

  it('never credits a link after the bill was paid another way: the desk payment ended it', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const bill = await walkInBill(admin, 30_000);
    const link = await newLink(admin, bill.id, { upi: false });
    expect(link.upi).toBe(false);
    expect((await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CARD', amountPaise: 30_000 })).statusCode).toBe(201);
    // The race where the patient pays first anyway is held: see the Razorpay tests below.
    const late = await admin.post(`/api/billing/payment-links/${link.id}/simulated-pay`, {});
    expect(late.json()).toMatchObject({ statusCode: 409, message: 'This link is cancelled: make a new one' });
    expect(await billOf(admin, bill.id)).toMatchObject({ paidPaise: 30_000, payments: [expect.objectContaining({ mode: 'CARD' })] });
  });

  it('cancels a link, replaces the live one with a new link, and refuses to pay a cancelled one', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const bill = await walkInBill(admin, 20_000);
    const first = await newLink(worker, bill.id);
    const second = await newLink(worker, bill.id);
    expect((await worker.get(`/api/billing/payment-links/${first.id}`)).json<BillPaymentLink>().status).toBe('CANCELLED');
    expect((await worker.post(`/api/billing/payment-links/${first.id}/simulated-pay`, {})).json()).toMatchObject({
      statusCode: 409,
      message: 'This link is cancelled: make a new one',
    });
    expect((await worker.post(`/api/billing/payment-links/${second.id}/cancel`, {})).json<BillPaymentLink>().status).toBe('CANCELLED');
    expect((await billOf(admin, bill.id)).paidPaise).toBe(0);
  });

  it('makes a link for part of what is due, and refuses more than is due naming amountPaise', async () => {
    const org = await createOrganisation(t.database.db);
    const { worker } = await staffClients(t.app, org);
    const bill = await walkInBill(worker, 50_000);
    const tooMuch = await worker.post(`/api/billing/bills/${bill.id}/payment-links`, { amountPaise: 50_001 });
    expect(tooMuch.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'amountPaise', message: 'Only ₹500 is due' }] });
    expect((await worker.post(`/api/billing/bills/${bill.id}/payment-links`, { amountPaise: 0 })).json()).toMatchObject({ statusCode: 400, issues: [{ path: 'amountPaise' }] });
    const link = await newLink(worker, bill.id, { amountPaise: 20_000 });
    expect(link).toMatchObject({ amountPaise: 20_000, status: 'ACTIVE' });
    expect(new URL(link.url).searchParams.get('am')).toBe('200.00');
    expect((await worker.post(`/api/billing/payment-links/${link.id}/simulated-pay`, {})).json<BillPaymentLink>().status).toBe('PAID');
    expect(await billOf(worker, bill.id)).toMatchObject({ status: 'PARTLY_PAID', paidPaise: 20_000, duePaise: 30_000 });
  });

  it('announces bill.updated to the organisation when a link is paid or cancelled and when the desk is paid', async () => {
    const org = await createOrganisation(t.database.db);
    const { worker } = await staffClients(t.app, org);
    const bill = await walkInBill(worker, 30_000);
    const first = await newLink(worker, bill.id, { amountPaise: 10_000 });
    const cancelled = billUpdated(t, org.id, bill.id, first.id);
    expect((await worker.post(`/api/billing/payment-links/${first.id}/cancel`, {})).statusCode).toBe(200);
    await cancelled;
    const second = await newLink(worker, bill.id, { amountPaise: 10_000 });
    const paid = billUpdated(t, org.id, bill.id, second.id);
    expect((await worker.post(`/api/billing/payment-links/${second.id}/simulated-pay`, {})).statusCode).toBe(200);
    await paid;
    const collected = billUpdated(t, org.id, bill.id);
    expect((await worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 5_000 })).statusCode).toBe(201);
    await collected;
  });

  it('ends the live link when the desk takes the money, so the patient cannot pay it too', async () => {
    const org = await createOrganisation(t.database.db);
    const { worker } = await staffClients(t.app, org);
    const bill = await walkInBill(worker, 40_000);
    const small = await newLink(worker, bill.id, { amountPaise: 10_000 });
    // Cash that leaves at least the link's amount due keeps the link payable.
    expect((await worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CASH', amountPaise: 30_000 })).statusCode).toBe(201);
    expect((await worker.get(`/api/billing/payment-links/${small.id}`)).json<BillPaymentLink>().status).toBe('ACTIVE');
    const ended = billUpdated(t, org.id, bill.id);
    expect((await worker.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'CARD', amountPaise: 10_000 })).statusCode).toBe(201);
    await ended;
    expect((await worker.get(`/api/billing/payment-links/${small.id}`)).json<BillPaymentLink>().status).toBe('CANCELLED');
    expect(await billOf(worker, bill.id)).toMatchObject({ status: 'PAID', paidPaise: 40_000 });
  });

  it("answers another organisation's bill and links with 404, and bad input with a 400 naming the field", async () => {
    const org = await createOrganisation(t.database.db);
    const other = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const { admin: otherAdmin } = await staffClients(t.app, other);
    const bill = await walkInBill(admin, 10_000);
    const link = await newLink(admin, bill.id);
    expect((await otherAdmin.post(`/api/billing/bills/${bill.id}/payment-links`, {})).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/billing/payment-links/${link.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.post(`/api/billing/payment-links/${link.id}/cancel`, {})).statusCode).toBe(404);
    expect((await otherAdmin.post(`/api/billing/payment-links/${link.id}/simulated-pay`, {})).statusCode).toBe(404);
    expect((await admin.post(`/api/billing/bills/${bill.id}/payment-links`, { upi: 'yes' })).json()).toMatchObject({ statusCode: 400, issues: [{ path: 'upi' }] });
    expect((await admin.get('/api/billing/payment-links/not-a-uuid')).statusCode).toBe(400);
    expect((await billOf(admin, bill.id)).paidPaise).toBe(0);
  });
});

describe.each(bothDrivers)('online payment at the desk through Razorpay (%s)', (driver) => {
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
  const deliver = (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', payload: delivery.payload, headers: delivery.headers });

  it('makes the link with the Payment Links API and credits a signed payment_link.paid once, delivered twice and concurrently', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const bill = await walkInBill(admin, 45_000);
    fake.requests.length = 0;
    const link = await newLink(admin, bill.id);
    expect(link).toMatchObject({ simulated: false, url: expect.stringMatching(/^https:\/\/rzp\.io\/i\//) });
    expect(fake.requests).toEqual([
      expect.objectContaining({ path: '/v1/payment_links', body: expect.objectContaining({ amount: 45_000, reference_id: link.id, upi_link: true }) }),
    ]);
    expect((await admin.post(`/api/billing/payment-links/${link.id}/simulated-pay`, {})).statusCode).toBe(404);

    const stored = [...fake.links.values()].find((entry) => entry.reference_id === link.id)!;
    const delivery = razorpayPaymentLinkPaid(stored);
    const forged = await deliver({ ...delivery, headers: { ...delivery.headers, 'x-razorpay-signature': '0'.repeat(64) } });
    expect(forged.statusCode).toBe(400);
    // The same event twice at once, then the same payment under another event id.
    const outcomes = await Promise.all([deliver(delivery), deliver(delivery)]);
    expect(outcomes.map((response) => response.json<{ outcome: string }>().outcome).sort()).toEqual(['applied', 'duplicate']);
    const again = razorpayPaymentLinkPaid(stored, delivery.paymentId);
    expect((await deliver(again)).json()).toEqual({ outcome: 'duplicate' });

    const after = await billOf(admin, bill.id);
    expect(after).toMatchObject({ status: 'PAID', paidPaise: 45_000 });
    expect(after.payments).toEqual([expect.objectContaining({ mode: 'ONLINE', amountPaise: 45_000, reference: delivery.paymentId })]);
    expect((await admin.get(`/api/billing/payment-links/${link.id}`)).json<BillPaymentLink>()).toMatchObject({ status: 'PAID', payment: { mode: 'ONLINE' } });
  });

  it('cancels the old link at Razorpay when a new one replaces it, and holds a payment that comes for it anyway', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const bill = await walkInBill(admin, 12_000);
    const first = await newLink(admin, bill.id);
    const firstStored = [...fake.links.values()].find((entry) => entry.reference_id === first.id)!;
    const second = await newLink(admin, bill.id);
    expect(fake.links.get(firstStored.id)?.status).toBe('cancelled');
    const secondStored = [...fake.links.values()].find((entry) => entry.reference_id === second.id)!;
    expect((await deliver(razorpayPaymentLinkPaid(secondStored))).json()).toEqual({ outcome: 'applied' });
    // Razorpay raced the cancel: the first link was paid too. The bill owes nothing, so it is held.
    expect((await deliver(razorpayPaymentLinkPaid(firstStored))).json()).toEqual({ outcome: 'applied' });
    expect((await admin.get(`/api/billing/payment-links/${first.id}`)).json<BillPaymentLink>().status).toBe('HELD');
    expect((await billOf(admin, bill.id)).paidPaise).toBe(12_000);
  });

  it('cancels the live link at Razorpay when the desk is paid; a payment that raced the cancel is held, never credited twice', async () => {
    const org = await createOrganisation(t.database.db);
    const { admin, worker } = await staffClients(t.app, org);
    const cancelledBill = await walkInBill(admin, 15_000);
    const live = await newLink(admin, cancelledBill.id);
    const liveStored = [...fake.links.values()].find((entry) => entry.reference_id === live.id)!;
    const ended = billUpdated(t, org.id, cancelledBill.id);
    expect((await admin.post(`/api/billing/bills/${cancelledBill.id}/payments`, { mode: 'CASH', amountPaise: 15_000 })).statusCode).toBe(201);
    await ended;
    expect(fake.links.get(liveStored.id)?.status).toBe('cancelled');
    expect((await admin.get(`/api/billing/payment-links/${live.id}`)).json<BillPaymentLink>().status).toBe('CANCELLED');

    // The patient paid on their phone a moment before the desk took cash: Razorpay refuses the cancel.
    const bill = await walkInBill(admin, 18_000);
    const link = await newLink(admin, bill.id);
    const stored = [...fake.links.values()].find((entry) => entry.reference_id === link.id)!;
    fake.links.get(stored.id)!.status = 'paid';
    const desk = await admin.post(`/api/billing/bills/${bill.id}/payments`, { mode: 'UPI', amountPaise: 18_000 });
    expect(desk.statusCode, desk.body).toBe(201);
    const held = billUpdated(t, org.id, bill.id, link.id);
    expect((await deliver(razorpayPaymentLinkPaid(stored))).json()).toEqual({ outcome: 'applied' });
    await held;
    expect((await admin.get(`/api/billing/payment-links/${link.id}`)).json<BillPaymentLink>()).toMatchObject({ status: 'HELD', payment: null });
    const after = await billOf(admin, bill.id);
    expect(after).toMatchObject({ status: 'PAID', paidPaise: 18_000, duePaise: 0 });
    expect(after.payments.map((payment) => payment.mode)).toEqual(['UPI']);

    // The admins are told once, even when Razorpay delivers the payment again; the desk is not.
    expect((await deliver(razorpayPaymentLinkPaid(stored))).json()).toEqual({ outcome: 'duplicate' });
    const heldOf = async (client: ApiClient) =>
      (await client.get('/api/notifications/all')).json<{ data: Notification[] }>().data.filter((notification) => notification.type === 'payment-held');
    expect(await heldOf(admin)).toEqual([
      expect.objectContaining({
        title: 'Payment held for a refund',
        message: `₹180 for bill ${bill.number} came through a payment link after the bill was settled. It is held, not credited: refund it from the payment gateway's dashboard.`,
        isRead: false,
      }),
    ]);
    expect(notificationHref((await heldOf(admin))[0]!)).toBe('/day-book');
    expect(await heldOf(worker)).toEqual([]);
  });
});
