import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWhatsAppKeys, startFakeWhatsApp, whatsAppInboundPayload, whatsAppSignature, whatsAppStatusPayload, type FakeWhatsApp } from '../../test/fake-whatsapp.js';
import type { OutgoingMessage } from './channel.js';
import { parseWhatsAppWebhook, verifyWhatsAppSignature, whatsAppCloudAdapter, whatsAppVerifyChallenge, withoutPhoneNumbers, type WhatsAppWebhookBatch } from './whatsapp-cloud.js';

const PHONE_NUMBER_ID = '106540352242922';

// The booked template's nine variables, in messageEventVariables order.
const bookedMessage = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id: '3f1c2a9e-8d4b-4c6e-9a1f-0b2c3d4e5f60',
  to: '+919876543210',
  text: 'Hello Asha, your visit with Dr Rao at City Clinic is booked for 12 Mar at 10:30. Token 7. City Clinic Main, MG Road https://maps.example/x',
  template: {
    name: 'caredesk_booked',
    language: 'en',
    variables: ['Asha', 'City Clinic', 'Dr Rao', 'City Clinic Main', 'MG Road', 'https://maps.example/x', '12 Mar', '10:30', '7'],
  },
  insideCustomerWindow: false,
  senderId: PHONE_NUMBER_ID,
  ...overrides,
});

describe('the WhatsApp Cloud adapter against a local Graph API', () => {
  let fake: FakeWhatsApp;
  beforeAll(async () => {
    fake = await startFakeWhatsApp();
  });
  afterAll(() => fake.close());

  const adapter = (overrides: { accessToken?: string; timeoutMs?: number; defaultPhoneNumberId?: string } = {}) =>
    whatsAppCloudAdapter({ accessToken: fakeWhatsAppKeys.accessToken, apiBase: `${fake.url}/`, ...overrides });

  it('sends the approved template outside the customer window, with our message id as the callback data', async () => {
    fake.requests.length = 0;
    const outcome = await adapter().send(bookedMessage());
    expect(outcome).toEqual({ kind: 'accepted', providerMessageId: fake.requests[0]?.answeredId });
    expect(outcome).toMatchObject({ providerMessageId: expect.stringMatching(/^wamid\./) });
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: `/v21.0/${PHONE_NUMBER_ID}/messages`,
        authorization: 'Bearer EAACareDeskTestAccessToken01',
        contentType: 'application/json',
        answeredId: expect.any(String),
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '919876543210',
          biz_opaque_callback_data: '3f1c2a9e-8d4b-4c6e-9a1f-0b2c3d4e5f60',
          type: 'template',
          template: {
            name: 'caredesk_booked',
            language: { code: 'en' },
            components: [
              {
                type: 'body',
                parameters: ['Asha', 'City Clinic', 'Dr Rao', 'City Clinic Main', 'MG Road', 'https://maps.example/x', '12 Mar', '10:30', '7'].map((text) => ({
                  type: 'text',
                  text,
                })),
              },
            ],
          },
        },
      },
    ]);
  });

  it('sends the Hindi template, an empty variable as a dash and a multi-line one on one line', async () => {
    fake.requests.length = 0;
    const template = { name: 'caredesk_cancelled', language: 'hi' as const, variables: ['आशा', 'City Clinic', 'Dr Rao', '12 Mar', '10:30', 'Doctor\nunavailable'] };
    expect(await adapter().send(bookedMessage({ template }))).toMatchObject({ kind: 'accepted' });
    const sent = fake.requests[0]?.body as { template: { language: { code: string }; components: { parameters: { text: string }[] }[] } };
    expect(sent.template.language.code).toBe('hi');
    expect(sent.template.components[0]?.parameters.map((parameter) => parameter.text)).toEqual(['आशा', 'City Clinic', 'Dr Rao', '12 Mar', '10:30', 'Doctor unavailable']);
    const withEmpty = { ...template, variables: ['आशा', 'City Clinic', 'Dr Rao', '12 Mar', '10:30', ''] };
    expect(await adapter().send(bookedMessage({ template: withEmpty }))).toMatchObject({ kind: 'accepted' });
    expect((fake.requests[1]?.body as typeof sent).template.components[0]?.parameters[5]?.text).toBe('-');
  });

  it('sends free text inside the customer window, and Meta refuses it outside (131047)', async () => {
    fake.requests.length = 0;
    const chat = bookedMessage({ to: '+919812345678', text: 'Your report is ready: https://caredesk.example/r/abc', insideCustomerWindow: true });
    expect(await adapter().send(chat)).toEqual({ kind: 'rejected', reason: 'WhatsApp error 131047: Re-engagement message' });
    fake.openWindow('+919812345678');
    expect(await adapter().send(chat)).toMatchObject({ kind: 'accepted' });
    expect(fake.requests[1]?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812345678',
      biz_opaque_callback_data: chat.id,
      type: 'text',
      text: { preview_url: true, body: 'Your report is ready: https://caredesk.example/r/abc' },
    });
  });

  it('uses the default number when the organisation has none, and refuses to send without either', async () => {
    fake.requests.length = 0;
    expect(await adapter({ defaultPhoneNumberId: '100200300400500' }).send(bookedMessage({ senderId: undefined }))).toMatchObject({ kind: 'accepted' });
    expect(fake.requests[0]?.path).toBe('/v21.0/100200300400500/messages');
    expect(await adapter().send(bookedMessage({ senderId: undefined }))).toEqual({ kind: 'rejected', reason: 'No WhatsApp number is set up for this organisation' });
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects an unknown template (132001), a parameter count the template does not have (132000) and an expired token (190)', async () => {
    const unknown = bookedMessage({ template: { ...bookedMessage().template, name: 'caredesk_nope' } });
    expect(await adapter().send(unknown)).toEqual({ kind: 'rejected', reason: 'WhatsApp error 132001: Template name does not exist in the translation' });
    const short = bookedMessage({ template: { ...bookedMessage().template, variables: ['Asha'] } });
    expect(await adapter().send(short)).toEqual({ kind: 'rejected', reason: 'WhatsApp error 132000: Number of parameters does not match the expected number of params' });
    expect(await adapter({ accessToken: 'EAAexpired' }).send(bookedMessage())).toEqual({
      kind: 'rejected',
      reason: 'WhatsApp error 190: Error validating access token: The session is invalid because the user logged out.',
    });
  });

  it('retries a 429 after the Retry-After it gives, a 5xx, and the throttling codes Meta sends with 400', async () => {
    fake.failNext(429, { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } }, { 'retry-after': '30' });
    expect(await adapter().send(bookedMessage())).toEqual({ kind: 'retry', reason: 'WhatsApp error 130429: Rate limit hit', retryAfterSeconds: 30 });
    fake.failNext(500, { error: { message: '(#131000) Something went wrong', code: 131000 } });
    expect(await adapter().send(bookedMessage())).toEqual({ kind: 'retry', reason: 'WhatsApp error 131000: Something went wrong', retryAfterSeconds: undefined });
    fake.failNext(502, '<html>Bad gateway</html>');
    expect(await adapter().send(bookedMessage())).toEqual({ kind: 'retry', reason: 'WhatsApp answered HTTP 502', retryAfterSeconds: undefined });
    for (const code of [4, 80007, 131056]) {
      fake.failNext(400, { error: { message: `(#${code}) Too many messages`, code } });
      expect(await adapter().send(bookedMessage())).toMatchObject({ kind: 'retry', reason: `WhatsApp error ${code}: Too many messages` });
    }
  });

  it('retries when WhatsApp does not answer in time or cannot be reached', async () => {
    fake.delayNext(2_000);
    expect(await adapter({ timeoutMs: 200 }).send(bookedMessage())).toEqual({ kind: 'retry', reason: 'WhatsApp did not answer (timeout)' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = whatsAppCloudAdapter({ accessToken: fakeWhatsAppKeys.accessToken, apiBase: `http://127.0.0.1:${port}` });
    expect(await unreachable.send(bookedMessage())).toEqual({ kind: 'retry', reason: 'WhatsApp did not answer (ECONNREFUSED)' });
  });

  it('never puts the patient’s number in a reason, however Meta writes it', async () => {
    fake.failNext(400, { error: { message: '(#131026) Message undeliverable to 919876543210 (+91 98765 43210)', code: 131026 } });
    expect(await adapter().send(bookedMessage())).toEqual({ kind: 'rejected', reason: 'WhatsApp error 131026: Message undeliverable to [number] ([number])' });
    expect(withoutPhoneNumbers('Token 123456 for 98765-43210 at 10:30')).toBe('Token 123456 for [number] at 10:30');
  });
});

describe('WhatsApp webhook signatures and the subscription handshake', () => {
  const raw = JSON.stringify(whatsAppStatusPayload({ messageId: 'wamid.A1', status: 'delivered', recipient: '+919876543210', phoneNumberId: PHONE_NUMBER_ID }));

  it('accepts the body Meta signed with the app secret, as a string or the raw bytes', () => {
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw, whatsAppSignature(raw))).toBe(true);
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, Buffer.from(raw), whatsAppSignature(raw))).toBe(true);
  });

  it('refuses another secret, a missing header, a missing sha256= prefix, a changed body or an unset secret', () => {
    const signature = whatsAppSignature(raw);
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw, whatsAppSignature(raw, 'another_app_secret'))).toBe(false);
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw, undefined)).toBe(false);
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw, signature.slice('sha256='.length))).toBe(false);
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw, signature.replace('sha256=', 'sha1='))).toBe(false);
    // Same length as the prefix: only checking the prefix itself refuses it.
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw, signature.replace('sha256=', 'sha512='))).toBe(false);
    expect(verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw.replace('delivered', 'read'), signature)).toBe(false);
    expect(verifyWhatsAppSignature('', raw, whatsAppSignature(raw, ''))).toBe(false);
  });

  it('echoes the challenge only for a subscribe with our verify token', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': fakeWhatsAppKeys.verifyToken, 'hub.challenge': '1158201444' };
    expect(whatsAppVerifyChallenge(query, fakeWhatsAppKeys.verifyToken)).toBe('1158201444');
    expect(whatsAppVerifyChallenge({ ...query, 'hub.verify_token': 'guess' }, fakeWhatsAppKeys.verifyToken)).toBeUndefined();
    expect(whatsAppVerifyChallenge({ ...query, 'hub.mode': 'unsubscribe' }, fakeWhatsAppKeys.verifyToken)).toBeUndefined();
    expect(whatsAppVerifyChallenge({ ...query, 'hub.challenge': undefined }, fakeWhatsAppKeys.verifyToken)).toBeUndefined();
    expect(whatsAppVerifyChallenge({ ...query, 'hub.verify_token': [fakeWhatsAppKeys.verifyToken] }, fakeWhatsAppKeys.verifyToken)).toBeUndefined();
    expect(whatsAppVerifyChallenge({ ...query, 'hub.verify_token': '' }, '')).toBeUndefined();
  });
});

describe('WhatsApp webhooks as the fake delivers them', () => {
  // A webhook endpoint in miniature: checks the signature on the raw body, then parses it.
  let receiver: Server;
  let url: string;
  const batches: WhatsAppWebhookBatch[] = [];
  let fake: FakeWhatsApp;
  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks);
        const header = request.headers['x-hub-signature-256'];
        if (!verifyWhatsAppSignature(fakeWhatsAppKeys.appSecret, raw, typeof header === 'string' ? header : undefined)) return response.writeHead(401).end();
        batches.push(parseWhatsAppWebhook(JSON.parse(raw.toString('utf8'))));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/webhooks/whatsapp`;
  });
  afterAll(async () => {
    await fake.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('reads delivered and failed reports, with our message id and a reason without the number', async () => {
    batches.length = 0;
    const at = new Date('2025-03-12T05:00:07Z');
    expect(await fake.sendStatus(url, { messageId: 'wamid.A1', status: 'delivered', recipient: '+919876543210', phoneNumberId: PHONE_NUMBER_ID, bizOpaque: 'our-id-1', at })).toBe(
      200,
    );
    const errors = [{ code: 131026, title: 'Message undeliverable to 919876543210' }];
    expect(await fake.sendStatus(url, { messageId: 'wamid.A2', status: 'failed', recipient: '919876543210', phoneNumberId: PHONE_NUMBER_ID, errors, at })).toBe(200);
    expect(batches).toEqual([
      { reports: [{ providerMessageId: 'wamid.A1', status: 'DELIVERED', at, reason: undefined, messageId: 'our-id-1' }], inbound: [] },
      { reports: [{ providerMessageId: 'wamid.A2', status: 'FAILED', at, reason: '131026 Message undeliverable to [number]', messageId: undefined }], inbound: [] },
    ]);
  });

  it('reads a patient’s text with their number in E.164 and their profile name', async () => {
    batches.length = 0;
    const at = new Date('2025-03-12T05:01:00Z');
    expect(await fake.sendInbound(url, { from: '+919876543210', text: 'STOP', phoneNumberId: PHONE_NUMBER_ID, profileName: 'Asha', at })).toBe(200);
    expect(batches).toEqual([
      {
        reports: [],
        inbound: [{ providerMessageId: expect.stringMatching(/^wamid\./), recipientId: PHONE_NUMBER_ID, from: '+919876543210', profileName: 'Asha', text: 'STOP', at }],
      },
    ]);
  });

  it('is refused when unsigned or signed with another secret', async () => {
    batches.length = 0;
    const inbound = { from: '919876543210', text: 'hi', phoneNumberId: PHONE_NUMBER_ID };
    expect(await fake.sendInbound(url, inbound, 'unsigned')).toBe(401);
    expect(await fake.sendInbound(url, inbound, 'wrong-secret')).toBe(401);
    expect(batches).toEqual([]);
  });
});

describe('parsing WhatsApp webhooks', () => {
  const inbound = (message: object) => {
    const payload = whatsAppInboundPayload({ from: '919876543210', text: 'x', phoneNumberId: PHONE_NUMBER_ID });
    const value: { messages: object[] } = payload.entry[0]!.changes[0]!.value;
    value.messages = [{ from: '919876543210', id: 'wamid.B1', timestamp: '1741755600', ...message }];
    return payload;
  };

  it('gives a tapped button or list row its label, and skips images and other types', () => {
    expect(parseWhatsAppWebhook(inbound({ type: 'button', button: { text: 'Confirm', payload: 'confirm' } })).inbound[0]?.text).toBe('Confirm');
    expect(parseWhatsAppWebhook(inbound({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b', title: 'Yes' } } })).inbound[0]?.text).toBe('Yes');
    expect(parseWhatsAppWebhook(inbound({ type: 'interactive', interactive: { type: 'list_reply', list_reply: { id: 'l', title: 'Tomorrow' } } })).inbound[0]?.text).toBe(
      'Tomorrow',
    );
    expect(parseWhatsAppWebhook(inbound({ type: 'image', image: { id: 'media', mime_type: 'image/jpeg' } })).inbound).toEqual([]);
    expect(parseWhatsAppWebhook(inbound({ type: 'unsupported', errors: [{ code: 131051 }] })).inbound).toEqual([]);
  });

  it('ignores other fields, unknown statuses and malformed items, keeping the rest', () => {
    const payload = whatsAppStatusPayload({ messageId: 'wamid.C1', status: 'read', recipient: '919876543210', phoneNumberId: PHONE_NUMBER_ID });
    const statuses: object[] = payload.entry[0]!.changes[0]!.value.statuses;
    statuses.push({ id: 'wamid.C2', status: 'deleted', timestamp: '1741755600' }, { id: 'wamid.C3', status: 'sent', timestamp: 'yesterday' });
    payload.entry[0]!.changes.push({ field: 'message_template_status_update', value: { event: 'APPROVED' } as never });
    expect(parseWhatsAppWebhook(payload).reports.map((report) => [report.providerMessageId, report.status])).toEqual([['wamid.C1', 'READ']]);
    expect(parseWhatsAppWebhook({ object: 'page', entry: [] })).toEqual({ reports: [], inbound: [] });
    expect(parseWhatsAppWebhook('not json')).toEqual({ reports: [], inbound: [] });
  });
});
