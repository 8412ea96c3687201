import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRazorpayKeys, razorpayPaymentLinkPaid, startFakeRazorpay, type FakeRazorpay } from '../../test/fake-razorpay.js';
import { hmacSha256Hex } from './signature.js';
import { razorpayGateway, razorpayPaymentLinkEventSchema } from './razorpay.js';
import { simulatedGateway } from './simulated.js';

const link = (overrides: Partial<Parameters<ReturnType<typeof simulatedGateway>['createPaymentLink']>[0]> = {}) => ({
  amountPaise: 45_050,
  referenceId: 'c0ffee00-0000-4000-8000-000000000002',
  description: 'Bill SMH-INV/2026-27/000007',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  upi: true,
  notes: { billId: 'c0ffee00-0000-4000-8000-000000000001' },
  ...overrides,
});

describe('payment links through Razorpay (a local fake of its Payment Links API)', () => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(() => fake.close());
  const gateway = (keySecret = fakeRazorpayKeys.keySecret) =>
    razorpayGateway({ keyId: fakeRazorpayKeys.keyId, keySecret, webhookSecret: fakeRazorpayKeys.webhookSecret, apiBase: fake.url });

  it('creates a UPI link with POST /v1/payment_links: paise, INR, no partial payment, its expiry in seconds, our reference, no SMS or e-mail from Razorpay', async () => {
    fake.requests.length = 0;
    const input = link();
    const created = await gateway().createPaymentLink(input);
    expect(created.id).toMatch(/^plink_[0-9a-f]{14}$/);
    expect(created.url).toMatch(/^https:\/\/rzp\.io\/i\//);
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/payment_links',
        authorization: `Basic ${Buffer.from(`${fakeRazorpayKeys.keyId}:${fakeRazorpayKeys.keySecret}`).toString('base64')}`,
        contentType: 'application/json',
        body: {
          upi_link: true,
          amount: 45_050,
          currency: 'INR',
          accept_partial: false,
          expire_by: Math.floor(input.expiresAt.getTime() / 1000),
          reference_id: input.referenceId,
          description: input.description,
          notify: { sms: false, email: false },
          reminder_enable: false,
          notes: input.notes,
        },
      },
    ]);
    expect(fake.links.get(created.id)).toMatchObject({ upi_link: true, status: 'created' });
  });

  it('cancels a link with POST /v1/payment_links/{id}/cancel, and answers 502 with Razorpay’s reason when refused', async () => {
    const created = await gateway().createPaymentLink(link({ referenceId: 'c0ffee00-0000-4000-8000-000000000003', upi: false }));
    expect(fake.links.get(created.id)?.upi_link).toBe(false);
    await gateway().cancelPaymentLink(created.id);
    expect(fake.links.get(created.id)?.status).toBe('cancelled');
    await expect(gateway().cancelPaymentLink(created.id)).rejects.toMatchObject({
      statusCode: 502,
      message: 'The payment provider refused the payment link cancel: Payment Link cannot be cancelled as it is in cancelled state',
    });
    await expect(gateway('wrong').createPaymentLink(link({ referenceId: 'another' }))).rejects.toMatchObject({
      statusCode: 502,
      message: 'The payment provider refused the payment link: Authentication failed',
    });
  });

  it('verifies a signed payment_link.paid and reads the link and its payment from it', async () => {
    const created = await gateway().createPaymentLink(link({ referenceId: 'c0ffee00-0000-4000-8000-000000000004' }));
    const delivery = razorpayPaymentLinkPaid(fake.links.get(created.id)!);
    expect(gateway().verifyWebhook(Buffer.from(delivery.payload), delivery.headers['x-razorpay-signature'])).toBe(true);
    expect(delivery.headers['x-razorpay-signature']).toBe(hmacSha256Hex(fakeRazorpayKeys.webhookSecret, delivery.payload));
    expect(gateway().verifyWebhook(Buffer.from(delivery.payload.replace('45050', '45051')), delivery.headers['x-razorpay-signature'])).toBe(false);
    const event = razorpayPaymentLinkEventSchema.parse(JSON.parse(delivery.payload));
    expect(event.payload.payment_link.entity).toMatchObject({ id: created.id, status: 'paid', amount: 45_050, reference_id: 'c0ffee00-0000-4000-8000-000000000004' });
    expect(event.payload.payment?.entity).toEqual(expect.objectContaining({ id: delivery.paymentId, amount: 45_050 }));
  });
});

describe('payment links in test mode (the simulated gateway)', () => {
  it('makes a UPI link for the amount that no UPI app can pay, and a Razorpay-shaped payment when the patient “pays”', async () => {
    const gateway = simulatedGateway('secret');
    const created = await gateway.createPaymentLink(link());
    expect(created.id).toMatch(/^plink_sim_[0-9a-f]{18}$/);
    const url = new URL(created.url);
    expect(url.protocol).toBe('upi:');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ pa: 'caredesk-test@sim', am: '450.50', cu: 'INR', tr: link().referenceId });
    await expect(gateway.cancelPaymentLink(created.id)).resolves.toBeUndefined();
    expect(gateway.completePaymentLink(created.id).paymentId).toMatch(/^pay_sim_[0-9a-f]{18}$/);
  });
});
