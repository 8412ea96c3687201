import { pushPayloadSchema, type PushPayload } from '@caredesk/shared';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import type { Database, Db } from '../../db/client.js';
import { notifications, pushOutbox, pushSubscriptions, staff } from '../../db/schema/index.js';
import { queuePushes } from '../../lib/push/outbox.js';
import { createTestDatabase, bothDrivers } from '../../test/database.js';
import { browserKeys, startFakePushService, type BrowserKeys, type FakePushService, type ReceivedPush } from '../../test/fake-push-service.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

/** The real app, with the fake push service on 127.0.0.1 allowed (its host listed, plain http and loopback opened for tests). */
async function pushApp(database: Database): Promise<FastifyInstance> {
  const config = testConfig({ WEB_DIST: '/nonexistent-caredesk-web-dist', PUSH_ENDPOINT_HOSTS: ['127.0.0.1'] });
  const app = await buildApp({ config, database, push: { allowLoopback: true } });
  await app.ready();
  return app;
}

interface Browser extends BrowserKeys {
  endpoint: string;
  id: string;
}

const waitLong = { timeout: 8000, interval: 25 };

describe.each(bothDrivers)('push delivery (%s)', (driver) => {
  let fake: FakePushService;
  let database: Database;
  let db: Db;
  let app: FastifyInstance;
  let publicKey: string;

  beforeAll(async () => {
    fake = await startFakePushService();
    database = await createTestDatabase(driver);
    db = database.db as Db;
    app = await pushApp(database);
  });
  afterAll(async () => {
    await app.close();
    // PostgreSQL runs share one database: leave no subscription pointing at the closed fake.
    await db.delete(pushSubscriptions).where(like(pushSubscriptions.endpoint, `${fake.origin}/%`));
    await database.close();
    await fake.close();
  });

  async function subscribe(client: ApiClient): Promise<Browser> {
    const keys = browserKeys();
    const endpoint = fake.endpoint();
    const response = await client.post('/api/fcm/save', { endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent: 'Mozilla/5.0 (test)' });
    expect(response.statusCode).toBe(201);
    publicKey ??= (await client.get('/api/fcm/config')).json<{ publicKey: string }>().publicKey;
    return { ...keys, endpoint, id: response.json<{ id: string }>().id };
  }

  async function hospital(): Promise<{ org: OrganisationFixture; admin: ApiClient; worker: ApiClient; book: (startTime: string) => ReturnType<ApiClient['post']> }> {
    const org = await createOrganisation(db);
    const { admin, worker } = await staffClients(app, org);
    const doctor = await addDoctor(admin, { name: 'Dr. Meera Joshi', specialization: 'Cardiology', photoUrl: '/uploads/meera.png' });
    const patient = await addPatient(admin, { name: 'Rohan Deshpande' });
    const book = (startTime: string) => worker.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: daysFromToday(3), startTime });
    return { org, admin, worker, book };
  }

  const payloadOf = (browser: Browser, push: ReceivedPush): PushPayload => pushPayloadSchema.parse(JSON.parse(browser.decrypt(push.body)));
  const subscriptionOf = async (browser: Browser) => (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id)))[0];
  const outboxOf = (browser: Browser) => db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, browser.id));

  it("pushes a new appointment to every browser of each recipient, encrypted to that browser's keys and VAPID-signed", async () => {
    const { org, admin, worker, book } = await hospital();
    const adminPhone = await subscribe(admin);
    const adminLaptop = await subscribe(admin);
    const workerDesk = await subscribe(worker);
    const booked = await book('09:00');
    expect(booked.statusCode).toBe(201);
    const appointmentId = booked.json<{ id: string }>().id;

    const browsers = [adminPhone, adminLaptop, workerDesk];
    await vi.waitFor(() => browsers.forEach((browser) => expect(fake.receivedAt(browser.endpoint)).toHaveLength(1)), waitLong);
    const rows = await db.select().from(notifications).where(eq(notifications.organisationId, org.id));
    const notificationOf = (staffId: string) => rows.find((row) => row.recipientStaffId === staffId)!;

    for (const [browser, recipient] of [
      [adminPhone, org.admin],
      [adminLaptop, org.admin],
      [workerDesk, org.worker],
    ] as const) {
      const push = fake.receivedAt(browser.endpoint)[0]!;
      const notification = notificationOf(recipient.id);
      expect(payloadOf(browser, push)).toEqual({
        title: 'New appointment',
        body: notification.message,
        icon: '/icons/icon-192.png',
        image: '/uploads/meera.png',
        // A tap opens the visit itself: its day's list with its drawer open.
        url: `/appointments?from=${daysFromToday(3)}&open=${appointmentId}`,
        notificationId: notification.id,
        type: 'appointment-created',
      });
      expect(push.headers).toMatchObject({ ttl: '86400', urgency: 'high', 'content-encoding': 'aes128gcm', topic: notification.id.replaceAll('-', '') });

      // RFC 8292: a JWT for this push service's origin, signed by the key the browser subscribed with.
      const [, token, key] = /^vapid t=([^,\s]+), k=(\S+)$/.exec(push.headers.authorization ?? '') ?? [];
      expect(key).toBe(publicKey);
      const point = Buffer.from(publicKey, 'base64url');
      const verifier = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
      const { payload: claims } = await jwtVerify(token!, verifier, { audience: fake.origin });
      expect(claims.sub).toBe('mailto:admin@caredesk.local');
      expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 60 * 60);
    }
    await vi.waitFor(async () => {
      for (const browser of browsers) {
        expect(await outboxOf(browser)).toHaveLength(0);
        expect((await subscriptionOf(browser))?.lastSuccessAt).toBeInstanceOf(Date);
      }
    }, waitLong);
  });

  it('pushes each recipient the notification worded in their own language', async () => {
    const { org, admin, worker, book } = await hospital();
    expect((await admin.patch('/api/account', { language: 'hi' })).statusCode).toBe(200);
    const adminPhone = await subscribe(admin);
    const workerDesk = await subscribe(worker);
    expect((await book('09:30')).statusCode).toBe(201);

    await vi.waitFor(() => [adminPhone, workerDesk].forEach((browser) => expect(fake.receivedAt(browser.endpoint)).toHaveLength(1)), waitLong);
    const rows = await db.select().from(notifications).where(eq(notifications.organisationId, org.id));
    const pushed = (browser: Browser) => {
      const { title, body } = payloadOf(browser, fake.receivedAt(browser.endpoint)[0]!);
      return { title, body };
    };
    const hindi = rows.find((row) => row.recipientStaffId === org.admin.id)!;
    expect(hindi.message).toMatch(/^Rohan Deshpande ने Dr\. Meera Joshi \(Cardiology\) के लिए .+, 9:30 am का समय बुक किया — टोकन \d+$/);
    expect(pushed(adminPhone)).toEqual({ title: 'नया अपॉइंटमेंट', body: hindi.message });
    expect(pushed(workerDesk)).toEqual({ title: 'New appointment', body: rows.find((row) => row.recipientStaffId === org.worker.id)!.message });
    expect(pushed(workerDesk).body).toMatch(/^Rohan Deshpande booked Dr\. Meera Joshi \(Cardiology\) for .+, 9:30 am — token \d+$/);
  });

  it('answers the booking without waiting for the push service', async () => {
    const { admin, book } = await hospital();
    const browser = await subscribe(admin);
    fake.answer(browser.endpoint, { status: 201, delayMs: 2000 });
    const order: string[] = [];
    fake.onAnswered((push) => {
      if (push.path === new URL(browser.endpoint).pathname) order.push('push service answered');
    });
    const response = await book('09:15');
    order.push('booking answered');
    expect(response.statusCode).toBe(201);
    await vi.waitFor(() => expect(order).toEqual(['booking answered', 'push service answered']), waitLong);
  });

  it('forgets a browser the push service answers 410 or 404 for, and keeps the others', async () => {
    const { admin, worker, book } = await hospital();
    const unsubscribed = await subscribe(admin);
    const expired = await subscribe(admin);
    const working = await subscribe(worker);
    fake.answer(unsubscribed.endpoint, { status: 410 });
    fake.answer(expired.endpoint, { status: 404 });
    expect((await book('09:30')).statusCode).toBe(201);
    await vi.waitFor(async () => {
      expect(await subscriptionOf(unsubscribed)).toBeUndefined();
      expect(await subscriptionOf(expired)).toBeUndefined();
      expect((await subscriptionOf(working))?.lastSuccessAt).toBeInstanceOf(Date);
    }, waitLong);
    expect(fake.receivedAt(unsubscribed.endpoint)).toHaveLength(1);
  });

  it('retries a push the push service could not take, a bounded number of times', async () => {
    const { admin, book } = await hospital();
    const browser = await subscribe(admin);
    fake.answer(browser.endpoint, { status: 503, headers: { 'retry-after': '120' } }, { status: 500 });
    expect((await book('09:45')).statusCode).toBe(201);
    // Failed once: kept for later (Retry-After honoured), counted on the subscription.
    await vi.waitFor(async () => expect(await subscriptionOf(browser)).toMatchObject({ failureCount: 1, lastSuccessAt: null }), waitLong);
    const [retry] = await outboxOf(browser);
    expect(retry).toMatchObject({ attempts: 1 });
    expect(retry!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100_000);

    // Its last allowed attempt fails too: given up, not sent again.
    await db
      .update(pushOutbox)
      .set({ attempts: 4, nextAttemptAt: sql`now()` })
      .where(eq(pushOutbox.id, retry!.id));
    app.push.wake();
    await vi.waitFor(async () => expect(await subscriptionOf(browser)).toMatchObject({ failureCount: 2 }), waitLong);
    expect(await outboxOf(browser)).toHaveLength(0);
    expect(fake.receivedAt(browser.endpoint)).toHaveLength(2);

    // The next one goes through and clears the count.
    expect((await book('10:00')).statusCode).toBe(201);
    await vi.waitFor(async () => expect(await subscriptionOf(browser)).toMatchObject({ failureCount: 0, lastSuccessAt: expect.any(Date) as Date }), waitLong);
  });

  it('sends each push exactly once with several server processes on the database', async () => {
    const second = await pushApp(database);
    try {
      const { admin, worker, book } = await hospital();
      const browsers = [await subscribe(admin), await subscribe(worker)];
      const answers = await Promise.all(['10:15', '10:30', '10:45', '11:00'].map(book));
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
      await vi.waitFor(() => browsers.forEach((browser) => expect(fake.receivedAt(browser.endpoint)).toHaveLength(4)), waitLong);
      await Promise.all([app.push.drain(), second.push.drain()]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const browser of browsers) {
        const ids = fake.receivedAt(browser.endpoint).map((push) => payloadOf(browser, push).notificationId);
        expect(new Set(ids).size).toBe(4);
      }
    } finally {
      await second.close();
    }
  });

  it('sends nothing to a recipient deactivated since, or to a browser someone else has signed in on since', async () => {
    const org = await createOrganisation(db);
    const { admin, worker } = await staffClients(app, org);
    const adminBrowser = await subscribe(admin);
    const workerBrowser = await subscribe(worker);
    const ids = await db.transaction(async (tx) => {
      const created = await tx
        .insert(notifications)
        .values(
          [org.admin, org.worker].map((member) => ({
            organisationId: org.id,
            recipientStaffId: member.id,
            type: 'message-received' as const,
            title: 'New message',
            message: 'Hello',
          })),
        )
        .returning({ id: notifications.id });
      await queuePushes(
        tx,
        created.map((row) => row.id),
      );
      // Before any sender sees them: the admin's browser now belongs to the worker, who then leaves.
      await tx.update(pushSubscriptions).set({ staffId: org.worker.id }).where(eq(pushSubscriptions.id, adminBrowser.id));
      await tx.update(staff).set({ active: false }).where(eq(staff.id, org.worker.id));
      return created.map((row) => row.id);
    });
    expect(await db.select().from(pushOutbox).where(inArray(pushOutbox.notificationId, ids))).toHaveLength(2);
    app.push.wake();
    await vi.waitFor(
      async () =>
        expect(
          await db
            .select()
            .from(pushOutbox)
            .where(and(inArray(pushOutbox.notificationId, ids))),
        ).toHaveLength(0),
      waitLong,
    );
    expect(fake.receivedAt(adminBrowser.endpoint)).toHaveLength(0);
    expect(fake.receivedAt(workerBrowser.endpoint)).toHaveLength(0);
  });
});
