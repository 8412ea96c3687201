import type { ErrorBody } from '@caredesk/shared';
import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../test/config.js';
import type { Db } from '../../db/client.js';
import { appSecrets, notifications, pushOutbox, pushSubscriptions } from '../../db/schema/index.js';
import { queuePushes } from '../../lib/push/outbox.js';
import { resolveVapidDetails } from '../../lib/push/vapid.js';
import { useTestApp } from '../../test/app.js';
import { createTestDatabase, drivers } from '../../test/database.js';
import { browserKeys, startFakePushService } from '../../test/fake-push-service.js';
import { createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

// Never sent to: these tests create no notifications for the browsers they save.
const pushEndpoint = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
const subscription = (endpoint = pushEndpoint()) => ({ endpoint, ...browserKeys(), userAgent: 'Mozilla/5.0 (test)' });

describe.each(drivers)('push subscriptions /api/fcm (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let worker: ApiClient;
  let outsider: ApiClient;
  const rowsOf = (endpoint: string) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    ({ admin, worker } = await staffClients(t.app, org));
    outsider = (await staffClients(t.app, await createOrganisation(t.database.db))).admin;
  });

  it('serves the VAPID public key to any signed-in staff member, and nobody else', async () => {
    const response = await worker.get('/api/fcm/config');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ publicKey: string }>();
    // An uncompressed P-256 point, as PushManager.subscribe() wants its applicationServerKey.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await admin.get('/api/fcm/config')).json()).toEqual({ publicKey });
    expect((await t.app.inject({ url: '/api/fcm/config' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/fcm/save', payload: subscription() })).statusCode).toBe(401);
  });

  it('saves a browser once: 201, then 200 when saved again with new keys', async () => {
    const first = subscription();
    const created = await admin.post('/api/fcm/save', first);
    expect(created.statusCode).toBe(201);
    const again = await admin.post('/api/fcm/save', { ...subscription(first.endpoint), userAgent: undefined });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());
    const rows = await rowsOf(first.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: org.admin.id, organisationId: org.id, userAgent: null, failureCount: 0 });
    expect(rows[0]!.p256dh).not.toBe(first.p256dh);
  });

  it('moves a browser to whoever of the organisation saves it next on that device (one row per browser)', async () => {
    const device = subscription();
    await admin.post('/api/fcm/save', device);
    expect((await worker.post('/api/fcm/save', device)).statusCode).toBe(200);
    expect(await rowsOf(device.endpoint)).toMatchObject([{ staffId: org.worker.id }]);
  });

  it("keeps a browser another organisation's staff saved: 409 naming nobody, their row untouched", async () => {
    const device = subscription();
    expect((await admin.post('/api/fcm/save', device)).statusCode).toBe(201);
    const [before] = await rowsOf(device.endpoint);
    const taken = await outsider.post('/api/fcm/save', { ...subscription(device.endpoint), userAgent: 'Mozilla/5.0 (elsewhere)' });
    expect(taken.statusCode).toBe(409);
    const body = taken.json<ErrorBody>();
    expect(body.issues?.map((issue) => issue.path)).toEqual(['endpoint']);
    for (const secret of [org.id, org.admin.id, org.admin.email, org.name, before!.id]) expect(taken.body).not.toContain(secret);
    expect(await rowsOf(device.endpoint)).toEqual([before]);
  });

  it('accepts keys in plain base64 too and stores them base64url', async () => {
    const keys = subscription();
    const base64 = (value: string) => Buffer.from(value, 'base64url').toString('base64');
    expect((await admin.post('/api/fcm/save', { ...keys, p256dh: base64(keys.p256dh), auth: base64(keys.auth) })).statusCode).toBe(201);
    expect(await rowsOf(keys.endpoint)).toMatchObject([{ p256dh: keys.p256dh, auth: keys.auth }]);
  });

  it('refuses what no push could be sent to: 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ endpoint: 'http://fcm.googleapis.com/fcm/send/plain' }, 'endpoint'],
      [{ endpoint: 'ftp://fcm.googleapis.com/x' }, 'endpoint'],
      // Blind SSRF: the server would POST every notification here, with retries.
      [{ endpoint: 'https://10.0.0.5:8443/admin/reset' }, 'endpoint'],
      [{ endpoint: 'https://169.254.169.254/latest/meta-data/' }, 'endpoint'],
      [{ endpoint: 'https://db.internal.clinic/push' }, 'endpoint'],
      [{ endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, 'endpoint'],
      [{ endpoint: 'https://fcm.googleapis.com.attacker.example/fcm/send/x' }, 'endpoint'],
      [{ p256dh: Buffer.alloc(65, 4).toString('base64url') }, 'p256dh'],
      [{ p256dh: 'not a key!' }, 'p256dh'],
      [{ auth: Buffer.alloc(8).toString('base64url') }, 'auth'],
      [{ endpoint: undefined }, 'endpoint'],
    ];
    for (const [change, field] of cases) {
      const response = await admin.post('/api/fcm/save', { ...subscription(), ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
    }
  });

  it("removes only the caller's own browser: 204; an unknown one 204; another staff member's 404 and kept", async () => {
    const mine = subscription();
    const theirs = subscription();
    const elsewhere = subscription();
    await admin.post('/api/fcm/save', mine);
    await worker.post('/api/fcm/save', theirs);
    await outsider.post('/api/fcm/save', elsewhere);

    expect((await admin.post('/api/fcm/remove', { endpoint: theirs.endpoint })).statusCode).toBe(404);
    expect((await admin.post('/api/fcm/remove', { endpoint: elsewhere.endpoint })).statusCode).toBe(404);
    expect(await rowsOf(theirs.endpoint)).toHaveLength(1);
    expect(await rowsOf(elsewhere.endpoint)).toHaveLength(1);

    const removed = await admin.post('/api/fcm/remove', { endpoint: mine.endpoint });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await rowsOf(mine.endpoint)).toHaveLength(0);
    expect((await admin.post('/api/fcm/remove', { endpoint: mine.endpoint })).statusCode).toBe(204);
    expect((await admin.post('/api/fcm/remove', { endpoint: 'nonsense' })).statusCode).toBe(400);
  });

  it('sends nothing to a saved endpoint that is not an allowed push service (saved before the allow-list)', async () => {
    const fake = await startFakePushService();
    try {
      const clinic = await createOrganisation(t.database.db);
      const saved = (await (await staffClients(t.app, clinic)).worker.post('/api/fcm/save', subscription())).json<{ id: string }>();
      // As a row from before the fix would be: an internal host the server could reach. By name,
      // so no other test app sharing a PostgreSQL database (whose allow-list has 127.0.0.1) sends it either.
      await t.database.db
        .update(pushSubscriptions)
        .set({ endpoint: fake.endpoint().replace('127.0.0.1', 'localhost') })
        .where(eq(pushSubscriptions.id, saved.id));
      const ids = await (t.database.db as Db).transaction(async (tx) => {
        const rows = await tx
          .insert(notifications)
          .values({ organisationId: clinic.id, recipientStaffId: clinic.worker.id, type: 'message-received', title: 'New message', message: 'Hello' })
          .returning({ id: notifications.id });
        await queuePushes(
          tx,
          rows.map((row) => row.id),
        );
        return rows.map((row) => row.id);
      });
      await t.app.push.drain();
      expect(await t.database.db.select().from(pushOutbox).where(inArray(pushOutbox.notificationId, ids))).toEqual([]);
      expect(fake.received).toEqual([]);
      expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, saved.id))).toMatchObject([{ failureCount: 1, lastSuccessAt: null }]);
    } finally {
      await fake.close();
    }
  });
});

describe.each(drivers)('VAPID keys (%s)', (driver) => {
  it('are generated once and shared by every app on the database', async () => {
    const database = await createTestDatabase(driver);
    const config = testConfig({ WEB_DIST: '/nonexistent-caredesk-web-dist' });
    // Two processes starting together on one database.
    const apps = await Promise.all([buildApp({ config, database }), buildApp({ config, database })]);
    try {
      const org = await createOrganisation(database.db);
      const keys = await Promise.all(apps.map(async (app) => (await (await staffClients(app, org)).worker.get('/api/fcm/config')).json<{ publicKey: string }>().publicKey));
      expect(keys[1]).toBe(keys[0]);
      const stored = await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid_keys'));
      expect(stored).toHaveLength(1);
      expect(JSON.parse(stored[0]!.value)).toMatchObject({ publicKey: keys[0] });
      // A later start reads the same pair.
      expect((await resolveVapidDetails(database.db, config)).publicKey).toBe(keys[0]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.close();
    }
  });

  it('refuse the tests-only loopback push service in production', async () => {
    const database = await createTestDatabase(driver);
    try {
      const config = testConfig({ NODE_ENV: 'production', WEB_DIST: '/nonexistent-caredesk-web-dist', ALLOW_SIMULATED_PAYMENTS: true });
      await expect(buildApp({ config, database, push: { allowLoopback: true } })).rejects.toThrow(/tests only/);
    } finally {
      await database.close();
    }
  });

  it('come from the configuration when set, leaving the stored pair alone', async () => {
    const database = await createTestDatabase(driver);
    try {
      const generated = await resolveVapidDetails(database.db, testConfig());
      const configured = webpush.generateVAPIDKeys();
      const details = await resolveVapidDetails(
        database.db,
        testConfig({ VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey, VAPID_SUBJECT: 'https://clinic.example/contact' }),
      );
      expect(details).toEqual({ ...configured, subject: 'https://clinic.example/contact' });
      expect((await resolveVapidDetails(database.db, testConfig())).publicKey).toBe(generated.publicKey);
      expect(generated.subject).toBe('mailto:admin@caredesk.local');
    } finally {
      await database.close();
    }
  });
});
