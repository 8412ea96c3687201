import { SIMULATED_CARDS } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRazorpayKeys, startFakeRazorpay, type FakeRazorpay } from '../../test/fake-razorpay.js';
import { AppError } from '../errors.js';
import { razorpayGateway } from './razorpay.js';
import { checkoutSignature, checkoutSignatureMatches, hmacSha256Hex, signatureMatches } from './signature.js';
import { simulatedCardOutcome, simulatedGateway } from './simulated.js';

// Known vectors, computed once outside this code base with
//   node -e "console.log(require('crypto').createHmac('sha256', SECRET).update(DATA).digest('hex'))"
const CHECKOUT_VECTOR = {
  secret: 'caredesk_test_key_secret',
  orderId: 'order_IluGWxBm9U8zJ8',
  paymentId: 'pay_IluGYWhMpBk2rW',
  signature: '0c65ed0ddbf5ad88a153847875bc21a34792fbb5a0a2a00076a6ad5d07d34b16',
};
const WEBHOOK_VECTOR = {
  secret: 'caredesk_webhook_secret',
  body: '{"event":"payment.captured"}',
  signature: '3cf4c14d455dcc760bac79cddc8b666f332f8e8e04ad1a550cb6a0275558497c',
};

describe('payment signatures', () => {
  it('signs order_id|payment_id with HMAC-SHA256 in hex, as Razorpay documents', () => {
    expect(checkoutSignature(CHECKOUT_VECTOR.secret, CHECKOUT_VECTOR.orderId, CHECKOUT_VECTOR.paymentId)).toBe(CHECKOUT_VECTOR.signature);
    expect(checkoutSignatureMatches(CHECKOUT_VECTOR.secret, CHECKOUT_VECTOR.orderId, CHECKOUT_VECTOR.paymentId, CHECKOUT_VECTOR.signature)).toBe(true);
    expect(hmacSha256Hex(WEBHOOK_VECTOR.secret, Buffer.from(WEBHOOK_VECTOR.body))).toBe(WEBHOOK_VECTOR.signature);
  });

  it('refuses a signature for another payment, order or secret, a changed character, or not hex', () => {
    const { secret, orderId, paymentId, signature } = CHECKOUT_VECTOR;
    expect(checkoutSignatureMatches(secret, orderId, 'pay_IluGYWhMpBk2rX', signature)).toBe(false);
    expect(checkoutSignatureMatches(secret, 'order_IluGWxBm9U8zJ9', paymentId, signature)).toBe(false);
    expect(checkoutSignatureMatches('another_secret', orderId, paymentId, signature)).toBe(false);
    expect(checkoutSignatureMatches(secret, orderId, paymentId, `${signature.slice(0, -1)}f`)).toBe(false);
    expect(checkoutSignatureMatches(secret, orderId, paymentId, signature.slice(0, -2))).toBe(false);
    expect(checkoutSignatureMatches(secret, orderId, paymentId, `${signature}00`)).toBe(false);
    expect(checkoutSignatureMatches(secret, orderId, paymentId, 'z'.repeat(64))).toBe(false);
    expect(checkoutSignatureMatches(secret, orderId, paymentId, '')).toBe(false);
  });

  it('accepts an upper-case hex signature (the same bytes)', () => {
    expect(signatureMatches(CHECKOUT_VECTOR.signature, CHECKOUT_VECTOR.signature.toUpperCase())).toBe(true);
  });
});

describe('the Razorpay gateway against a local Orders API', () => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(() => fake.close());

  const gateway = (overrides: { keySecret?: string } = {}) =>
    razorpayGateway({ keyId: fakeRazorpayKeys.keyId, keySecret: fakeRazorpayKeys.keySecret, webhookSecret: fakeRazorpayKeys.webhookSecret, apiBase: `${fake.url}/`, ...overrides });

  it('creates an order with POST /v1/orders, basic auth and the amount in paise, currency INR and the receipt', async () => {
    fake.requests.length = 0;
    const orderId = await gateway().createOrder({ amountPaise: 25_075, receipt: 'c0ffee00-0000-4000-8000-000000000001', notes: { purpose: 'WALLET_RECHARGE' } });
    expect(orderId).toMatch(/^order_[0-9a-f]{14}$/);
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/orders',
        authorization: `Basic ${Buffer.from('rzp_test_CareDesk01:caredesk_test_key_secret').toString('base64')}`,
        contentType: 'application/json',
        body: { amount: 25_075, currency: 'INR', receipt: 'c0ffee00-0000-4000-8000-000000000001', notes: { purpose: 'WALLET_RECHARGE' } },
      },
    ]);
  });

  it("answers 502 with Razorpay's reason when it refuses the order", async () => {
    const refused = gateway({ keySecret: 'wrong' }).createOrder({ amountPaise: 100, receipt: 'r', notes: {} });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ statusCode: 502, message: 'The payment provider refused the order: Authentication failed' });
    fake.failNext(500, { unexpected: true });
    await expect(gateway().createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toMatchObject({
      statusCode: 502,
      message: 'The payment provider could not be reached. Please try again.',
    });
  });

  it('answers 502 when Razorpay cannot be reached', async () => {
    const unreachable = razorpayGateway({ keyId: 'k', keySecret: 's', apiBase: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(unreachable.createOrder({ amountPaise: 100, receipt: 'r', notes: {} })).rejects.toMatchObject({ statusCode: 502 });
  });

  it('verifies the checkout signature with the key secret and the webhook signature with the webhook secret', () => {
    const withVectorSecret = razorpayGateway({ keyId: 'k', keySecret: CHECKOUT_VECTOR.secret, webhookSecret: WEBHOOK_VECTOR.secret, apiBase: fake.url });
    expect(withVectorSecret.verifyCheckout(CHECKOUT_VECTOR)).toBe(true);
    expect(withVectorSecret.verifyCheckout({ ...CHECKOUT_VECTOR, paymentId: 'pay_other' })).toBe(false);
    expect(withVectorSecret.verifyWebhook(Buffer.from(WEBHOOK_VECTOR.body), WEBHOOK_VECTOR.signature)).toBe(true);
    expect(withVectorSecret.verifyWebhook(Buffer.from(`${WEBHOOK_VECTOR.body} `), WEBHOOK_VECTOR.signature)).toBe(false);
    expect(withVectorSecret.verifyWebhook(Buffer.from(WEBHOOK_VECTOR.body), undefined)).toBe(false);
    // Without a webhook secret nothing is trusted, not even a body "signed" with an empty key.
    const noWebhookSecret = razorpayGateway({ keyId: 'k', keySecret: 's', apiBase: fake.url });
    expect(noWebhookSecret.acceptsWebhooks).toBe(false);
    expect(noWebhookSecret.verifyWebhook(Buffer.from('{}'), hmacSha256Hex('', '{}'))).toBe(false);
  });
});

describe('the simulated gateway', () => {
  const gateway = simulatedGateway('local-test-secret');

  it("makes Razorpay-shaped ids and signs payments with Razorpay's scheme", async () => {
    const orderId = await gateway.createOrder({ amountPaise: 100, receipt: 'r', notes: {} });
    expect(orderId).toMatch(/^order_sim_[0-9a-f]{18}$/);
    const payment = gateway.completePayment(orderId);
    expect(payment.paymentId).toMatch(/^pay_sim_[0-9a-f]{18}$/);
    expect(payment.signature).toBe(checkoutSignature('local-test-secret', orderId, payment.paymentId));
    expect(gateway.verifyCheckout(payment)).toBe(true);
    expect(simulatedGateway('another-secret').verifyCheckout(payment)).toBe(false);
    expect(gateway.keyId).toBeNull();
  });

  it('knows the two test cards, with or without spaces, and nothing else', () => {
    expect(simulatedCardOutcome(SIMULATED_CARDS.success)).toBe('success');
    expect(simulatedCardOutcome('4111-1111-1111-1111')).toBe('success');
    expect(simulatedCardOutcome('4000000000000002')).toBe('failure');
    expect(simulatedCardOutcome('5555 5555 5555 4444')).toBeUndefined();
  });
});
