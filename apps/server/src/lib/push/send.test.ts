import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { browserKeys, startFakePushService, type FakePushService } from '../../test/fake-push-service.js';
import { pushPayloadOf, sendPush } from './send.js';

describe('sendPush', () => {
  let fake: FakePushService;
  const vapid = { subject: 'mailto:admin@caredesk.local', ...webpush.generateVAPIDKeys() };
  const payload = pushPayloadOf({ id: '5f0c2a34-9f59-4b8e-8d0b-1f6a1c2b3d4e', type: 'booking-created', title: 'New booking', message: 'MRI Brain at 10:30', details: {} });
  const target = () => ({ endpoint: fake.endpoint(), ...browserKeys() });

  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(() => fake.close());

  it('builds the payload the service worker shows: no image unless the notification has one, the route of its type', () => {
    expect(payload).toEqual({ title: 'New booking', body: 'MRI Brain at 10:30', icon: '/icons/icon-192.png', url: '/bookings', notificationId: '5f0c2a34-9f59-4b8e-8d0b-1f6a1c2b3d4e', type: 'booking-created' });
  });

  it('tells a sent push, a gone subscription, a retry and a refusal apart', async () => {
    const cases = [
      [{ status: 201 }, { kind: 'sent', status: 201 }],
      [{ status: 410 }, { kind: 'gone', status: 410 }],
      [{ status: 429, headers: { 'retry-after': new Date(Date.now() + 90_000).toUTCString() } }, { kind: 'retry', status: 429, reason: 'HTTP 429' }],
      [{ status: 502 }, { kind: 'retry', status: 502, retryAfterSeconds: undefined }],
      [{ status: 413 }, { kind: 'rejected', status: 413 }],
      [{ status: 403 }, { kind: 'rejected', status: 403 }],
    ] as const;
    for (const [answer, expected] of cases) {
      const to = target();
      fake.answer(to.endpoint, answer);
      const outcome = await sendPush(to, payload, vapid, 5000);
      expect(outcome).toMatchObject(expected);
      if (answer.status === 429) expect(outcome).toMatchObject({ retryAfterSeconds: expect.any(Number) as number });
    }
  });

  it('gives up on a push service that does not answer in time, or cannot be reached, and says why without the URL', async () => {
    const slow = target();
    fake.answer(slow.endpoint, { status: 201, delayMs: 1000 });
    expect(await sendPush(slow, payload, vapid, 100)).toEqual({ kind: 'retry', status: undefined, reason: 'timeout', retryAfterSeconds: undefined });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = { ...target(), endpoint: `http://127.0.0.1:${port}/push/nobody` };
    expect(await sendPush(unreachable, payload, vapid, 2000)).toEqual({ kind: 'retry', status: undefined, reason: 'ECONNREFUSED', retryAfterSeconds: undefined });
  });
});
