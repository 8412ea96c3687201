import type { ErrorBody } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { patientPushSubscriptions } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { browserKeys } from '../../test/fake-push-service.js';
import { bearer, createOrganisation, staffClients } from '../../test/fixtures.js';
import { randomIp, signInPatient, type PatientApp } from '../patient-api/test-support.js';

// Never sent to: these tests owe no pushes to the browsers they save.
const pushEndpoint = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
const subscription = (endpoint = pushEndpoint()) => ({ endpoint, p256dh: browserKeys().p256dh, auth: browserKeys().auth, userAgent: 'Mozilla/5.0 (test)' });

describe.each(drivers)('patient push subscriptions /api/patient/push-subscriptions (%s)', (driver) => {
  const t = useTestApp(driver);
  const rowsOf = (endpoint: string) => t.database.db.select().from(patientPushSubscriptions).where(eq(patientPushSubscriptions.endpoint, endpoint));
  const remove = (patient: PatientApp, endpoint: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/patient/push-subscriptions', payload: { endpoint }, headers: bearer(patient.session.accessToken), remoteAddress: randomIp() });

  it('serves the VAPID public key to a signed-in patient, the same the console subscribes with, and not to a staff token', async () => {
    const patient = await signInPatient(t);
    const response = await patient.get('/api/patient/push-config');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const { admin } = await staffClients(t.app, await createOrganisation(t.database.db));
    expect((await admin.get('/api/fcm/config')).json()).toEqual({ publicKey });
    expect((await admin.get('/api/patient/push-config')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/patient/push-config' })).statusCode).toBe(401);
    expect((await admin.post('/api/patient/push-subscriptions', subscription())).statusCode).toBe(401);
  });

  it('saves a browser once: 201, then 200 with new keys or language', async () => {
    const patient = await signInPatient(t);
    const first = subscription();
    const created = await patient.post('/api/patient/push-subscriptions', first);
    expect(created.statusCode).toBe(201);
    expect(await rowsOf(first.endpoint)).toMatchObject([{ accountId: patient.session.account.id, language: 'en', p256dh: first.p256dh, userAgent: 'Mozilla/5.0 (test)' }]);
    const again = await patient.post('/api/patient/push-subscriptions', { ...subscription(first.endpoint), userAgent: undefined, language: 'hi' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());
    const rows = await rowsOf(first.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: 'hi', userAgent: null });
    expect(rows[0]!.p256dh).not.toBe(first.p256dh);
  });

  it('keeps a browser another account saved: 409 naming the endpoint, their row untouched', async () => {
    const owner = await signInPatient(t);
    const other = await signInPatient(t);
    const device = subscription();
    expect((await owner.post('/api/patient/push-subscriptions', device)).statusCode).toBe(201);
    const [before] = await rowsOf(device.endpoint);
    const taken = await other.post('/api/patient/push-subscriptions', subscription(device.endpoint));
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['endpoint']);
    for (const secret of [owner.phone, owner.session.account.id, before!.id]) expect(taken.body).not.toContain(secret);
    expect(await rowsOf(device.endpoint)).toEqual([before]);
  });

  it('refuses what no push could be sent to, as for staff: 400 naming the field', async () => {
    const patient = await signInPatient(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ endpoint: 'http://fcm.googleapis.com/fcm/send/plain' }, 'endpoint'],
      [{ endpoint: 'https://169.254.169.254/latest/meta-data/' }, 'endpoint'],
      [{ endpoint: 'https://fcm.googleapis.com.attacker.example/fcm/send/x' }, 'endpoint'],
      [{ endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, 'endpoint'],
      [{ p256dh: Buffer.alloc(65, 4).toString('base64url') }, 'p256dh'],
      [{ auth: Buffer.alloc(8).toString('base64url') }, 'auth'],
      [{ language: 'fr' }, 'language'],
      [{ endpoint: undefined }, 'endpoint'],
    ];
    for (const [change, field] of cases) {
      const response = await patient.post('/api/patient/push-subscriptions', { ...subscription(), ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual([field]);
    }
  });

  it("opting out removes only the account's own browser: 204; an unknown one 204; another account's 404 and kept", async () => {
    const patient = await signInPatient(t);
    const other = await signInPatient(t);
    const mine = subscription();
    const theirs = subscription();
    await patient.post('/api/patient/push-subscriptions', mine);
    await other.post('/api/patient/push-subscriptions', theirs);
    expect((await remove(patient, theirs.endpoint)).statusCode).toBe(404);
    expect(await rowsOf(theirs.endpoint)).toHaveLength(1);
    const removed = await remove(patient, mine.endpoint);
    expect(removed.statusCode).toBe(204);
    expect(await rowsOf(mine.endpoint)).toHaveLength(0);
    expect((await remove(patient, mine.endpoint)).statusCode).toBe(204);
    expect((await remove(patient, 'nonsense')).statusCode).toBe(400);
  });

  it("signing out forgets the browser's subscription it names, and only the account's own", async () => {
    const patient = await signInPatient(t);
    const other = await signInPatient(t);
    const mine = subscription();
    const kept = subscription();
    const theirs = subscription();
    await patient.post('/api/patient/push-subscriptions', mine);
    await patient.post('/api/patient/push-subscriptions', kept);
    await other.post('/api/patient/push-subscriptions', theirs);

    const stranger = await signInPatient(t);
    expect((await stranger.post('/api/patient/auth/logout', { pushEndpoint: theirs.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(theirs.endpoint)).toHaveLength(1);

    expect((await patient.post('/api/patient/auth/logout', { pushEndpoint: mine.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(mine.endpoint)).toHaveLength(0);
    // The account's other browsers keep their pushes; the session is over.
    expect(await rowsOf(kept.endpoint)).toHaveLength(1);
    expect((await patient.get('/api/patient/push-config')).statusCode).toBe(401);
    // A sign-out without a body still works (a browser that never opted in).
    expect((await other.post('/api/patient/auth/logout')).statusCode).toBe(204);
  });
});
