import { patientPushPayloadSchema, type PatientPushPayload } from '@caredesk/shared';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database, Db } from '../../db/client.js';
import { messageSettings, patientPushOutbox, patientPushSubscriptions } from '../../db/schema/index.js';
import { indiaDate, MID_MORNING, pinClockAt } from '../../test/clock.js';
import { testConfig } from '../../test/config.js';
import { createTestDatabase, bothDrivers } from '../../test/database.js';
import { browserKeys, startFakePushService, type BrowserKeys, type FakePushService, type ReceivedPush } from '../../test/fake-push-service.js';
import { addDoctor, addPatient, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { signInPatient, type PatientApp } from '../patient-api/test-support.js';
import { appointmentKind, bookVisit } from '../visits/index.js';

/** The real app, with the fake push service on 127.0.0.1 allowed (as push-delivery.test.ts does for staff). */
async function pushApp(database: Database): Promise<FastifyInstance> {
  const config = testConfig({
    WEB_DIST: '/nonexistent-caredesk-web-dist',
    PATIENT_DIST: '/nonexistent-caredesk-patient-dist',
    SIGN_IN_IP_RATE_LIMIT: 100_000,
    PUSH_ENDPOINT_HOSTS: ['127.0.0.1'],
  });
  const app = await buildApp({ config, database, push: { allowLoopback: true, pollIntervalMs: 60 * 60_000 } });
  await app.ready();
  return app;
}

interface Browser extends BrowserKeys {
  endpoint: string;
  id: string;
}

interface Clinic {
  org: OrganisationFixture;
  worker: ApiClient;
  doctorId: string;
  /** Books a patient (with this phone) for today at `startTime` and checks them in: a visit id. */
  arrive(name: string, phone: string, startTime: string): Promise<string>;
  callNext(): Promise<void>;
}

describe.each(bothDrivers)('queue pushes to the patient app (%s)', (driver) => {
  pinClockAt(MID_MORNING);
  let fake: FakePushService;
  let database: Database;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    fake = await startFakePushService();
    database = await createTestDatabase(driver);
    db = database.db as Db;
    app = await pushApp(database);
  });
  afterAll(async () => {
    await app.close();
    // PostgreSQL runs share one database: leave no subscription pointing at the closed fake.
    await db.delete(patientPushSubscriptions).where(like(patientPushSubscriptions.endpoint, `${fake.origin}/%`));
    await database.close();
    await fake.close();
  });

  const testApp = () => ({ app, database, close: () => Promise.resolve() });

  async function optIn(patient: PatientApp, language?: 'en' | 'hi'): Promise<Browser> {
    const keys = browserKeys();
    const endpoint = fake.endpoint();
    const response = await patient.post('/api/patient/push-subscriptions', { endpoint, p256dh: keys.p256dh, auth: keys.auth, ...(language ? { language } : {}) });
    expect(response.statusCode).toBe(201);
    return { ...keys, endpoint, id: response.json<{ id: string }>().id };
  }

  /** A doctor seeing patients all day in Room 12, and 'you are next' for the first one waiting only. */
  async function clinic(): Promise<Clinic> {
    const org = await createOrganisation(db);
    await db.insert(messageSettings).values({ organisationId: org.id, settings: { nextAheadCount: 1 } });
    const { admin, worker } = await staffClients(app, org);
    const doctor = await addDoctor(admin, {
      name: 'Dr. Sunil Rao',
      tokenPrefix: 'A',
      room: 'Room 12',
      availability: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '23:45' })),
    });
    // Booked from midnight, so no slot of the morning has passed yet.
    const midnight = new Date(`${indiaDate()}T00:00:00+05:30`);
    return {
      org,
      worker,
      doctorId: doctor.id,
      async arrive(name, phone, startTime) {
        const patient = await addPatient(admin, { name, phone });
        const visitId = await bookVisit(
          db,
          appointmentKind,
          { organisationId: org.id, staffId: org.admin.id },
          { doctorId: doctor.id, patientId: patient.id, date: indiaDate(), startTime, source: 'CONSOLE' },
          { now: midnight },
        );
        expect((await worker.post(`/api/appointments/${visitId}/actions/check-in`, {})).statusCode).toBe(200);
        return visitId;
      },
      async callNext() {
        expect((await worker.post(`/api/tokens/doctors/${doctor.id}/actions/call-next`, {})).statusCode).toBe(200);
      },
    };
  }

  const payloadsAt = (browser: Browser): PatientPushPayload[] =>
    fake.receivedAt(browser.endpoint).map((push: ReceivedPush) => patientPushPayloadSchema.parse(JSON.parse(browser.decrypt(push.body))));
  const subscriptionOf = async (browser: Browser) => (await db.select().from(patientPushSubscriptions).where(eq(patientPushSubscriptions.id, browser.id)))[0];

  it('tells a patient on every browser they opted in on that they are next, then that it is their turn, each once and without their name', async () => {
    const { org, arrive, callNext } = await clinic();
    const rohan = await signInPatient(testApp());
    const kavya = await signInPatient(testApp());
    const rohanPhone = await optIn(rohan);
    const kavyaPhone = await optIn(kavya);
    const kavyaLaptop = await optIn(kavya, 'hi');
    // Another organisation's patient, with another phone, waiting in another queue.
    const elsewhere = await clinic();
    const meera = await signInPatient(testApp());
    const meeraPhone = await optIn(meera);
    await elsewhere.arrive('Meera Nair', meera.phone, '08:00');
    await app.patientPush.drain();
    expect(payloadsAt(meeraPhone).map((payload) => payload.kind)).toEqual(['next']);

    const first = await arrive('Rohan Deshpande', rohan.phone, '08:00');
    const second = await arrive('Kavya Iyer', kavya.phone, '09:00');
    await app.patientPush.drain();
    // Rohan is first in line from his check-in; Kavya, second, is outside the window of one.
    expect(payloadsAt(rohanPhone)).toEqual([
      { title: org.name, body: `You are next at ${org.name}: token A-001`, icon: '/p/icons/icon-192.png', tag: `visit-${first}`, url: '/p/visits', kind: 'next', visitId: first },
    ]);
    expect(payloadsAt(kavyaPhone)).toEqual([]);

    await callNext();
    await app.patientPush.drain();
    expect(payloadsAt(rohanPhone).map((payload) => [payload.kind, payload.body])).toEqual([
      ['next', `You are next at ${org.name}: token A-001`],
      ['called', "It's your turn: token A-001, Room 12"],
    ]);
    expect(payloadsAt(kavyaPhone)).toEqual([
      { title: org.name, body: `You are next at ${org.name}: token A-002`, icon: '/p/icons/icon-192.png', tag: `visit-${second}`, url: '/p/visits', kind: 'next', visitId: second },
    ]);
    expect(payloadsAt(kavyaLaptop).map((payload) => payload.body)).toEqual([`${org.name} में अगली बारी आपकी है: टोकन A-002`]);
    const [push] = fake.receivedAt(kavyaPhone.endpoint);
    // A stale 'you are next' is wrong news; 'it's your turn' replaces it at the push service (one topic per visit).
    expect(push!.headers).toMatchObject({ ttl: '1800', urgency: 'high', 'content-encoding': 'aes128gcm', topic: second.replaceAll('-', '') });
    expect(kavyaPhone.decrypt(push!.body)).not.toContain('Kavya');

    // The queue moves again (a walk-in checks in): nobody hears 'you are next' twice.
    await arrive('Arjun Mehta', `+9198${String(Date.now()).slice(-8)}`, '10:00');
    await app.patientPush.drain();
    expect(fake.receivedAt(kavyaPhone.endpoint)).toHaveLength(1);
    expect(fake.receivedAt(rohanPhone.endpoint)).toHaveLength(2);

    await callNext();
    await app.patientPush.drain();
    expect(payloadsAt(kavyaPhone).map((payload) => [payload.kind, payload.body, payload.tag])).toEqual([
      ['next', `You are next at ${org.name}: token A-002`, `visit-${second}`],
      ['called', "It's your turn: token A-002, Room 12", `visit-${second}`],
    ]);
    expect(payloadsAt(kavyaLaptop).map((payload) => payload.body)).toEqual([`${org.name} में अगली बारी आपकी है: टोकन A-002`, 'आपकी बारी आ गई है: टोकन A-002, Room 12']);
    expect(fake.receivedAt(rohanPhone.endpoint)).toHaveLength(2);
    // Nothing of this queue reached the other organisation's patient.
    expect(fake.receivedAt(meeraPhone.endpoint)).toHaveLength(1);
    // Each owed once per subscription, visit and kind, and kept as done.
    const rows = await db.select().from(patientPushOutbox).where(eq(patientPushOutbox.subscriptionId, kavyaPhone.id));
    expect(rows.map((row) => [row.kind, row.outcome]).sort()).toEqual([
      ['called', 'sent'],
      ['next', 'sent'],
    ]);
    expect((await subscriptionOf(kavyaPhone))?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('forgets a browser the push service answers 410 for, and keeps the account’s others', async () => {
    const { arrive } = await clinic();
    const rohan = await signInPatient(testApp());
    const unsubscribed = await optIn(rohan);
    const working = await optIn(rohan);
    fake.answer(unsubscribed.endpoint, { status: 410 });
    await arrive('Rohan Deshpande', rohan.phone, '08:00');
    await app.patientPush.drain();
    expect(fake.receivedAt(unsubscribed.endpoint)).toHaveLength(1);
    expect(await subscriptionOf(unsubscribed)).toBeUndefined();
    expect(await db.select().from(patientPushOutbox).where(eq(patientPushOutbox.subscriptionId, unsubscribed.id))).toEqual([]);
    expect(await subscriptionOf(working)).toMatchObject({ failureCount: 0, lastSuccessAt: expect.any(Date) as Date });
  });
});
