import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { browserKeys, startFakePushService, type FakePushService } from '../../test/fake-push-service.js';
import type { PushEndpointPolicy } from './endpoints.js';
import { pushPayloadOf, sendPush } from './send.js';

describe('sendPush', () => {
  let fake: FakePushService;
  const vapid = { subject: 'mailto:admin@caredesk.local', ...webpush.generateVAPIDKeys() };
  const payload = pushPayloadOf({ id: '5f0c2a34-9f59-4b8e-8d0b-1f6a1c2b3d4e', type: 'booking-created', title: 'New booking', message: 'MRI Brain at 10:30', details: {} });
  const target = () => ({ endpoint: fake.endpoint(), ...browserKeys() });
  /** The fake push service is on 127.0.0.1: allowed only as tests allow it. */
  const local: PushEndpointPolicy = { hosts: ['127.0.0.1', 'push.test'], allowLoopback: true };
  const production: PushEndpointPolicy = { hosts: ['127.0.0.1', 'push.test', 'fcm.googleapis.com'], allowLoopback: false };

  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(() => fake.close());

  it('builds the payload the service worker shows: no image unless the notification has one, the route of its type', () => {
    expect(payload).toEqual({
      title: 'New booking',
      body: 'MRI Brain at 10:30',
      icon: '/icons/icon-192.png',
      url: '/bookings',
      notificationId: '5f0c2a34-9f59-4b8e-8d0b-1f6a1c2b3d4e',
      type: 'booking-created',
    });
  });

  it("a click lands on the notification's record: the visit's drawer over its day, the patient's conversation", () => {
    const bookingId = '6a1d3b45-0a6a-4c9f-9e1c-2a7b2d3c4e5f';
    const patientId = '7b2e4c56-1b7b-4d0a-8f2d-3b8c3e4d5f60';
    const booking = pushPayloadOf({
      id: '5f0c2a34-9f59-4b8e-8d0b-1f6a1c2b3d4e',
      type: 'booking-created',
      title: 'New booking',
      message: 'MRI',
      details: { bookingId, date: '2099-01-05' },
    });
    expect(booking.url).toBe(`/bookings?from=2099-01-05&open=${bookingId}`);
    const chat = pushPayloadOf({ id: '5f0c2a34-9f59-4b8e-8d0b-1f6a1c2b3d4e', type: 'message-received', title: 'New message', message: 'Hi', details: { patientId } });
    expect(chat.url).toBe(`/chats/${patientId}`);
  });

  it('tells a sent push, a gone subscription, a retry and a refusal apart', async () => {
    const cases = [
      [{ status: 201 }, { kind: 'sent', status: 201 }],
      [{ status: 410 }, { kind: 'gone', status: 410 }],
      [
        { status: 429, headers: { 'retry-after': new Date(Date.now() + 90_000).toUTCString() } },
        { kind: 'retry', status: 429, reason: 'HTTP 429' },
      ],
      [{ status: 502 }, { kind: 'retry', status: 502, retryAfterSeconds: undefined }],
      [{ status: 413 }, { kind: 'rejected', status: 413 }],
      [{ status: 403 }, { kind: 'rejected', status: 403 }],
    ] as const;
    for (const [answer, expected] of cases) {
      const to = target();
      fake.answer(to.endpoint, answer);
      const outcome = await sendPush(to, payload, vapid, 5000, local);
      expect(outcome).toMatchObject(expected);
      if (answer.status === 429) expect(outcome).toMatchObject({ retryAfterSeconds: expect.any(Number) as number });
    }
  });

  it('gives up on a push service that does not answer in time, or cannot be reached, and says why without the URL', async () => {
    const slow = target();
    fake.answer(slow.endpoint, { status: 201, delayMs: 1000 });
    expect(await sendPush(slow, payload, vapid, 100, local)).toEqual({ kind: 'retry', status: undefined, reason: 'timeout', retryAfterSeconds: undefined });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = { ...target(), endpoint: `http://127.0.0.1:${port}/push/nobody` };
    expect(await sendPush(unreachable, payload, vapid, 2000, local)).toEqual({ kind: 'retry', status: undefined, reason: 'ECONNREFUSED', retryAfterSeconds: undefined });
  });

  it('never follows a redirect: a 3xx is the answer, and its Location is not requested', async () => {
    const to = target();
    const elsewhere = fake.endpoint();
    for (const status of [301, 302, 307, 308]) {
      fake.answer(to.endpoint, { status, headers: { location: elsewhere } });
      expect(await sendPush(to, payload, vapid, 5000, local)).toEqual({ kind: 'rejected', status });
    }
    expect(fake.receivedAt(to.endpoint)).toHaveLength(4);
    expect(fake.receivedAt(elsewhere)).toHaveLength(0);
  });

  it('sends nothing to a loopback, private or link-local address unless tests allow loopback', async () => {
    const to = target();
    const port = new URL(to.endpoint).port;
    // Saved before the allow-list, or PUSH_ENDPOINT_HOSTS narrowed since: refused at send time too.
    expect(await sendPush(to, payload, vapid, 5000, { ...production, hosts: ['fcm.googleapis.com'] })).toEqual({ kind: 'blocked', reason: 'endpoint not allowed' });
    // An allowed host name resolving inside the network (DNS rebinding, split horizon, a hijacked record).
    const resolvingTo = (...addresses: string[]): PushEndpointPolicy => ({ ...production, resolve: () => Promise.resolve(addresses) });
    for (const addresses of [
      ['127.0.0.1'],
      ['10.1.2.3'],
      ['169.254.169.254'],
      ['::1'],
      ['fd00::1'],
      ['fe80::1'],
      ['::ffff:127.0.0.1'],
      ['::ffff:a9fe:a9fe'],
      ['142.250.1.1', '192.168.1.1'],
    ]) {
      const outcome = await sendPush({ ...to, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, payload, vapid, 5000, resolvingTo(...addresses));
      expect(outcome, addresses.join(' ')).toEqual({ kind: 'blocked', reason: 'non-public address' });
    }
    // An IP literal needs no DNS and is checked the same.
    expect(await sendPush(to, payload, vapid, 5000, { ...production, allowLoopback: false })).toMatchObject({ kind: 'blocked' });
    expect(fake.receivedAt(to.endpoint)).toHaveLength(0);
    // Allowed, the same endpoint is reached: the refusals above were the policy, not the network.
    expect(await sendPush({ ...to, endpoint: `http://127.0.0.1:${port}${new URL(to.endpoint).pathname}` }, payload, vapid, 5000, local)).toEqual({ kind: 'sent', status: 201 });
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    const to = target();
    const { port, pathname } = new URL(to.endpoint);
    let lookups = 0;
    // push.test exists in no DNS: only the pinned address can reach the fake service.
    const policy: PushEndpointPolicy = { ...local, resolve: () => Promise.resolve(lookups++ === 0 ? ['127.0.0.1'] : ['10.9.9.9']) };
    expect(await sendPush({ ...to, endpoint: `http://push.test:${port}${pathname}` }, payload, vapid, 5000, policy)).toEqual({ kind: 'sent', status: 201 });
    expect(lookups).toBe(1);
    expect(fake.receivedAt(to.endpoint)[0]?.headers.host).toBe(`push.test:${port}`);
  });
});
