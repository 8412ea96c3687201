import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMsg91Keys, msg91DeliveryReportPayload, msg91InboundPayload, sendDeliveryReport, sendInbound, startFakeMsg91, type FakeMsg91 } from '../../test/fake-msg91.js';
import type { DeliveryReport, InboundMessage, OutgoingMessage } from './channel.js';
import { msg91Adapter, parseMsg91DeliveryReport, parseMsg91Inbound, verifyMsg91WebhookSecret } from './msg91.js';

const BOOKED_TEMPLATE = '64f1a2b3c4d5e6f708192a3b';
const TEST_TEMPLATE = '64f1a2b3c4d5e6f708192a3c';

function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    id: '5d0c6f0e-3c1a-4f7e-9a51-2b7f3c9d8e10',
    to: '+919876543210',
    text: 'Hello Asha Verma, your visit with Dr Rao is booked for 12 May at 10:30.',
    template: { name: BOOKED_TEMPLATE, language: 'en', variables: ['Asha Verma', 'Dr Rao', '12 May 10:30'] },
    insideCustomerWindow: false,
    ...overrides,
  };
}

describe('sending SMS through the MSG91 flow API', () => {
  let fake: FakeMsg91;
  const adapter = (overrides: { senderId?: string; timeoutMs?: number; authKey?: string; apiBase?: string } = {}) =>
    msg91Adapter({ authKey: fakeMsg91Keys.authKey, apiBase: fake.url, senderId: 'CRDESK', timeoutMs: 5_000, ...overrides });

  beforeAll(async () => {
    fake = await startFakeMsg91({ templates: { [BOOKED_TEMPLATE]: 3, [TEST_TEMPLATE]: 1 } });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('sends the DLT-linked template with VAR1..VARn to the number without its plus, under the authkey header', async () => {
    const outcome = await adapter().send(message());

    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/api/v5/flow',
        authkey: fakeMsg91Keys.authKey,
        contentType: 'application/json',
        body: {
          template_id: BOOKED_TEMPLATE,
          short_url: '0',
          sender: 'CRDESK',
          recipients: [{ mobiles: '919876543210', VAR1: 'Asha Verma', VAR2: 'Dr Rao', VAR3: '12 May 10:30' }],
        },
      },
    ]);
  });

  it('leaves the sender to the template when none is configured', async () => {
    const outcome = await adapter({ senderId: '' }).send(message({ template: { name: TEST_TEMPLATE, language: 'en', variables: ['City Clinic'] } }));

    expect(outcome.kind).toBe('accepted');
    expect(fake.requests[0]?.body).toEqual({ template_id: TEST_TEMPLATE, short_url: '0', recipients: [{ mobiles: '919876543210', VAR1: 'City Clinic' }] });
  });

  it('refuses a message with no DLT template id, or a number not in E.164, without calling MSG91', async () => {
    for (const name of ['', '   ']) {
      expect(await adapter().send(message({ template: { name, language: 'en', variables: [] } }))).toEqual({
        kind: 'rejected',
        reason: 'No DLT template id is set for this message',
      });
    }
    expect(await adapter().send(message({ to: '9876543210' }))).toEqual({ kind: 'rejected', reason: expect.stringContaining('E.164') });
    expect(fake.requests).toEqual([]);
  });

  it('is refused when the variables do not match the template registered with MSG91', async () => {
    const outcome = await adapter().send(message({ template: { name: BOOKED_TEMPLATE, language: 'en', variables: ['Asha Verma', 'Dr Rao'] } }));

    expect(outcome).toEqual({ kind: 'rejected', reason: 'MSG91 refused the message (HTTP 400): Template variables must be exactly VAR1, VAR2, VAR3' });
    const unknown = await adapter().send(message({ template: { name: '64f1a2b3c4d5e6f708192aff', language: 'en', variables: ['x'] } }));
    expect(unknown).toEqual({ kind: 'rejected', reason: 'MSG91 refused the message (HTTP 400): Template ID is invalid' });
  });

  it('takes a wrong auth key as a refusal, not something to retry, and never repeats the key', async () => {
    const outcome = await adapter({ authKey: 'not-the-key-1234' }).send(message());

    expect(outcome).toEqual({ kind: 'rejected', reason: 'MSG91 refused the message (HTTP 401): Authentication failure' });
    expect(fake.requests[0]?.authkey).toBe('not-the-key-1234');
  });

  it("takes type 'error' as a refusal whose reason carries no phone number and none of the message", async () => {
    fake.failNext(200, { type: 'error', message: 'Invalid mobile +91 98765 43210 (919876543210) for Asha Verma on 12 May 10:30' });
    const outcome = await adapter().send(message());

    expect(outcome).toEqual({ kind: 'rejected', reason: 'MSG91 refused the message: Invalid mobile … (…) for … on …' });
    if (outcome.kind !== 'rejected') throw new Error('expected a rejection');
    expect(outcome.reason).not.toMatch(/\d{5}/);
    expect(outcome.reason).not.toMatch(/asha/i);
  });

  it('retries a 429 after the Retry-After MSG91 gave, in seconds or as a date', async () => {
    fake.failNext(429, { type: 'error', message: 'Too many requests' }, { 'retry-after': '17' });
    expect(await adapter().send(message())).toEqual({ kind: 'retry', reason: 'MSG91 answered HTTP 429', retryAfterSeconds: 17 });

    fake.failNext(429, { type: 'error', message: 'Too many requests' }, { 'retry-after': new Date(Date.now() + 60_000).toUTCString() });
    const dated = await adapter().send(message());
    expect(dated.kind === 'retry' && dated.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(dated.kind === 'retry' && dated.retryAfterSeconds).toBeLessThanOrEqual(61);
  });

  it('retries a 5xx, a silence past the timeout and a provider it cannot reach', async () => {
    fake.failNext(500, { type: 'error', message: 'Internal error' });
    expect(await adapter().send(message())).toEqual({ kind: 'retry', reason: 'MSG91 answered HTTP 500', retryAfterSeconds: undefined });

    fake.delayNext(1_000);
    expect(await adapter({ timeoutMs: 100 }).send(message())).toEqual({ kind: 'retry', reason: 'MSG91 did not answer in time' });

    expect(await adapter({ apiBase: 'http://127.0.0.1:1' }).send(message())).toEqual({ kind: 'retry', reason: 'MSG91 could not be reached' });
  });

  it('does not retry a 2xx it cannot read, which may already have reached the patient', async () => {
    fake.failNext(200, { type: 'success' });
    expect(await adapter().send(message())).toEqual({ kind: 'rejected', reason: 'MSG91 answered without a request id' });
  });
});

describe('MSG91 webhooks', () => {
  let receiver: Server;
  let url: string;
  let received: { reports: DeliveryReport[]; inbound: InboundMessage[] };

  // A stand-in for our webhook route: checks the secret, then parses the form or JSON body.
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const query = Object.fromEntries(new URL(request.url!, 'http://receiver').searchParams);
        if (!verifyMsg91WebhookSecret(fakeMsg91Keys.webhookSecret, request.headers, query)) {
          response.writeHead(401).end();
          return;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        const body: unknown = request.headers['content-type'] === 'application/json' ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
        const kind = new URL(request.url!, 'http://receiver').pathname;
        if (kind === '/reports') received.reports.push(...parseMsg91DeliveryReport(body));
        else received.inbound.push(...parseMsg91Inbound(body));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    if (!address || typeof address === 'string') throw new Error('receiver did not start');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  beforeEach(() => {
    received = { reports: [], inbound: [] };
  });

  it('accepts the shared secret in our header or the query, and nothing else', async () => {
    const report = { requestId: '3364427a5b6c7d8e9f001122', number: '+919876543210', status: 'delivered' as const };
    expect(await sendDeliveryReport(`${url}/reports`, report)).toBe(200);
    expect(await sendDeliveryReport(`${url}/reports`, { ...report, secretIn: 'query' })).toBe(200);
    expect(await sendDeliveryReport(`${url}/reports`, { ...report, secret: 'caredesk_msg91_webhook_secreT' })).toBe(401);
    expect(await sendDeliveryReport(`${url}/reports`, { ...report, secret: null })).toBe(401);
    expect(await sendInbound(`${url}/inbound`, { from: '+919876543210', text: 'STOP', to: '+919999000111', secret: 'guess' })).toBe(401);
    expect(received.reports).toHaveLength(2);
    expect(received.inbound).toEqual([]);

    const secret = fakeMsg91Keys.webhookSecret;
    expect(verifyMsg91WebhookSecret(secret, { 'X-CareDesk-Webhook-Secret': secret }, {})).toBe(true);
    expect(verifyMsg91WebhookSecret(secret, { 'x-caredesk-webhook-secret': [secret] }, undefined)).toBe(true);
    expect(verifyMsg91WebhookSecret(secret, {}, { secret: `${secret}x` })).toBe(false);
    expect(verifyMsg91WebhookSecret('', { 'x-caredesk-webhook-secret': '' }, { secret: '' })).toBe(false);
  });

  it('reads the form delivery report MSG91 posts: request id, status and its India-time date', async () => {
    const date = new Date('2026-05-22T04:36:20.000Z');
    await sendDeliveryReport(`${url}/reports`, { requestId: '3364427a5b6c7d8e9f001122', number: '+919876543210', status: 'delivered', date });
    await sendDeliveryReport(`${url}/reports`, { requestId: '3364427a5b6c7d8e9f001133', number: '919876543210', status: 'ndnc', date, format: 'json' });

    expect(JSON.parse(msg91DeliveryReportPayload({ requestId: 'r', number: '+919876543210', status: 'delivered', date }).data)[0].report[0].date).toBe('2026-05-22 10:06:20');
    expect(received.reports).toEqual([
      { providerMessageId: '3364427a5b6c7d8e9f001122', status: 'DELIVERED', at: date },
      { providerMessageId: '3364427a5b6c7d8e9f001133', status: 'FAILED', at: date, reason: 'MSG91: NDNC: the number is on the do-not-disturb registry (status 9)' },
    ]);
  });

  it('gives failures a reason without phone numbers, and leaves out what it cannot place', async () => {
    const date = new Date('2026-05-22T04:36:20.000Z');
    const base = { number: '+919876543210', date };
    const failed = msg91DeliveryReportPayload({ ...base, requestId: 'req-failed', status: 'failed', failedReason: 'Absent subscriber 919876543210' });
    const rejected = msg91DeliveryReportPayload({ ...base, requestId: 'req-rejected', status: 'rejected' });
    const submitted = msg91DeliveryReportPayload({ ...base, requestId: 'req-submitted', status: { code: '3', desc: 'SUBMITTED' } });
    const unknown = msg91DeliveryReportPayload({ ...base, requestId: 'req-unknown', status: { code: '99', desc: 'SOMETHING ELSE' } });
    const webhookNew = { requestId: 'req-new', status: 'Delivered', deliveryTime: '2026-05-22 10:06:20', telNum: '919876543210' };

    const reports = parseMsg91DeliveryReport([failed, rejected, submitted, unknown, webhookNew, { status: '1', desc: 'DELIVERED' }]);

    expect(reports).toEqual([
      { providerMessageId: 'req-failed', status: 'FAILED', at: date, reason: 'MSG91: Failed (status 2): Absent subscriber …' },
      { providerMessageId: 'req-rejected', status: 'FAILED', at: date, reason: 'MSG91: Rejected (status 16)' },
      { providerMessageId: 'req-submitted', status: 'SENT', at: date },
      { providerMessageId: 'req-new', status: 'DELIVERED', at: date },
    ]);
    expect(parseMsg91DeliveryReport(new URLSearchParams(failed).toString())).toEqual(reports.slice(0, 1));
    expect(parseMsg91DeliveryReport('not a report')).toEqual([]);
    expect(parseMsg91DeliveryReport(null)).toEqual([]);
  });

  it('reads an SMS a patient sent to the long code, with a stable id for a redelivery', async () => {
    const at = new Date('2026-05-22T04:36:20.000Z');
    await sendInbound(`${url}/inbound`, { from: '+919876543210', text: 'STOP', to: '+919999000111', at });
    await sendInbound(`${url}/inbound`, { from: '+919876543210', text: 'STOP', to: '+919999000111', at, secretIn: 'query' });
    await sendInbound(`${url}/inbound`, { from: '+919876543210', text: 'START', to: '+919999000111', at });

    const [first, again, start] = received.inbound;
    expect(first).toEqual({ providerMessageId: expect.stringMatching(/^msg91-in-[0-9a-f]{32}$/), recipientId: '919999000111', from: '+919876543210', text: 'STOP', at });
    expect(again?.providerMessageId).toBe(first?.providerMessageId);
    expect(start?.providerMessageId).not.toBe(first?.providerMessageId);
  });

  it('puts +91 on a ten-digit Indian sender and skips a forward without a sender or text', () => {
    const at = new Date('2026-05-22T04:36:20.000Z');
    const payload = { ...msg91InboundPayload({ from: '', text: 'CLINIC yes please', to: '9999000111', at }), sender: '09876543210' };

    expect(parseMsg91Inbound(payload)).toEqual([expect.objectContaining({ from: '+919876543210', recipientId: '9999000111', text: 'CLINIC yes please', at })]);
    expect(parseMsg91Inbound({ ...payload, sender: '9876543210' })[0]?.from).toBe('+919876543210');
    expect(parseMsg91Inbound({ ...payload, sender: '' })).toEqual([]);
    expect(parseMsg91Inbound({ ...payload, content: '  ' })).toEqual([]);
  });
});
