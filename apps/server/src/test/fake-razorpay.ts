import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { Config } from '../config.js';
import { checkoutSignature, hmacSha256Hex } from '../lib/payments/signature.js';

export const fakeRazorpayKeys = { keyId: 'rzp_test_CareDesk01', keySecret: 'caredesk_test_key_secret', webhookSecret: 'caredesk_webhook_secret' };

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

export interface PaymentLinkEntity {
  id: string;
  entity: 'payment_link';
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  description: string;
  expire_by: number;
  reference_id: string;
  short_url: string;
  upi_link: boolean;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
  notes: Record<string, string>;
}

const badRequest = (description: string): [number, unknown] => [400, { error: { code: 'BAD_REQUEST_ERROR', description } }];

/** POST /v1/payment_links, with the checks Razorpay documents that our calls could trip. */
function createLink(links: Map<string, PaymentLinkEntity>, body: unknown): [number, unknown] {
  const input = body as Partial<Omit<PaymentLinkEntity, 'upi_link'>> & { upi_link?: boolean | string };
  if (!Number.isInteger(input.amount) || (input.amount ?? 0) < 100) return badRequest('The amount must be atleast INR 1.00');
  if (input.currency !== 'INR') return badRequest('Currency is not supported');
  if (typeof input.reference_id === 'string' && input.reference_id.length > 40) return badRequest('The reference id may not be greater than 40 characters.');
  if ([...links.values()].some((link) => link.reference_id === input.reference_id)) return badRequest(`Payment Link with reference id ${input.reference_id} already exists`);
  if (typeof input.expire_by === 'number' && input.expire_by * 1000 < Date.now()) return badRequest('expire_by cannot be less than current time');
  const id = `plink_${randomBytes(7).toString('hex')}`;
  const link: PaymentLinkEntity = {
    id,
    entity: 'payment_link',
    amount: input.amount!,
    amount_paid: 0,
    currency: 'INR',
    accept_partial: Boolean(input.accept_partial),
    description: input.description ?? '',
    expire_by: input.expire_by ?? 0,
    reference_id: input.reference_id ?? '',
    short_url: `https://rzp.io/i/${id.slice(6, 13)}`,
    upi_link: input.upi_link === true || input.upi_link === 'true',
    status: 'created',
    notes: input.notes ?? {},
  };
  links.set(id, link);
  return [200, link];
}

function cancelLink(links: Map<string, PaymentLinkEntity>, id: string): [number, unknown] {
  const link = links.get(id);
  if (!link) return badRequest('The id provided does not exist');
  if (link.status !== 'created') return badRequest(`Payment Link cannot be cancelled as it is in ${link.status} state`);
  link.status = 'cancelled';
  return [200, link];
}

export interface FakeRazorpay {
  url: string;
  requests: RecordedRequest[];
  /** Payment links made through the fake, by id. */
  links: Map<string, PaymentLinkEntity>;
  /** The next order request is answered with this status and body instead. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

/**
 * A stand-in for Razorpay's Orders API (POST /v1/orders) on 127.0.0.1: checks HTTP basic auth
 * with fakeRazorpayKeys like Razorpay does, records every request, answers an order object.
 */
export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const requests: RecordedRequest[] = [];
  const links = new Map<string, PaymentLinkEntity>();
  let failure: { status: number; body: unknown } | undefined;
  const expectedAuth = `Basic ${Buffer.from(`${fakeRazorpayKeys.keyId}:${fakeRazorpayKeys.keySecret}`).toString('base64')}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text ? JSON.parse(text) : undefined;
      requests.push({ method: request.method!, path: request.url!, authorization: request.headers.authorization, contentType: request.headers['content-type'], body });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (failure) {
        const { status, body: failureBody } = failure;
        failure = undefined;
        return answer(status, failureBody);
      }
      const cancel = /^\/v1\/payment_links\/([^/]+)\/cancel$/.exec(request.url ?? '');
      if (request.method !== 'POST' || (request.url !== '/v1/orders' && request.url !== '/v1/payment_links' && !cancel))
        return answer(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
      if (request.headers.authorization !== expectedAuth) return answer(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      if (request.url === '/v1/payment_links') return answer(...createLink(links, body));
      if (cancel) return answer(...cancelLink(links, decodeURIComponent(cancel[1]!)));
      const order = body as { amount: number; currency: string; receipt: string; notes: Record<string, string> };
      answer(200, {
        id: `order_${randomBytes(7).toString('hex')}`,
        entity: 'order',
        amount: order.amount,
        amount_paid: 0,
        amount_due: order.amount,
        currency: order.currency,
        receipt: order.receipt,
        status: 'created',
        attempts: 0,
        notes: order.notes,
        created_at: Math.floor(Date.now() / 1000),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake Razorpay did not start');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    links,
    failNext: (status, body) => {
      failure = { status, body };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Configuration of an app that pays through the fake. */
export function razorpayConfig(fake: FakeRazorpay, overrides: Partial<Config> = {}): Partial<Config> {
  return {
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: fakeRazorpayKeys.keyId,
    RAZORPAY_KEY_SECRET: fakeRazorpayKeys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fakeRazorpayKeys.webhookSecret,
    RAZORPAY_API_BASE: fake.url,
    ...overrides,
  };
}

/** What Razorpay Checkout hands the browser after a successful payment of the order. */
export function razorpayCheckoutResult(orderId: string): { paymentId: string; orderId: string; signature: string } {
  const paymentId = `pay_${randomBytes(7).toString('hex')}`;
  return { paymentId, orderId, signature: checkoutSignature(fakeRazorpayKeys.keySecret, orderId, paymentId) };
}

/** A webhook delivery as Razorpay signs it: the raw JSON and its headers. */
export function razorpayWebhook(
  event: string,
  payment: { id: string; order_id: string; amount: number; error_description?: string },
  eventId = `evt_${randomBytes(7).toString('hex')}`,
) {
  const payload = JSON.stringify({
    entity: 'event',
    account_id: 'acc_CareDesk01',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { entity: 'payment', currency: 'INR', status: event === 'payment.failed' ? 'failed' : 'captured', method: 'card', ...payment } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': hmacSha256Hex(fakeRazorpayKeys.webhookSecret, payload),
    },
  };
}

/** payment_link.paid as Razorpay signs it: the link (now paid) and the payment that paid it. */
export function razorpayPaymentLinkPaid(link: PaymentLinkEntity, paymentId = `pay_${randomBytes(7).toString('hex')}`, eventId = `evt_${randomBytes(7).toString('hex')}`) {
  const payload = JSON.stringify({
    entity: 'event',
    account_id: 'acc_CareDesk01',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: { entity: { ...link, amount_paid: link.amount, status: 'paid', order_id: `order_${randomBytes(7).toString('hex')}` } },
      payment: { entity: { id: paymentId, entity: 'payment', amount: link.amount, currency: 'INR', status: 'captured', method: 'upi' } },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    paymentId,
    payload,
    headers: { 'content-type': 'application/json', 'x-razorpay-event-id': eventId, 'x-razorpay-signature': hmacSha256Hex(fakeRazorpayKeys.webhookSecret, payload) },
  };
}
