import { sessionUserSchema, type AppEvent, type SessionUser } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { organisations, staff } from '../../db/schema/index.js';
import type { EventListener } from '../../lib/events/bus.js';
import { createTestApp, useTestApp, type TestApp } from '../../test/app.js';
import { bothDrivers, createTestDatabase, drivers } from '../../test/database.js';
import { eventReaches } from '../../test/events.js';
import { bearer, createOrganisation, signIn, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { createSessionUsers } from './session-user.js';

/** A bus that delivers what the test says, when it says. */
function fakeBus() {
  const listeners = new Set<EventListener>();
  const bus = {
    heard: true,
    subscribe: (listener: EventListener) => (listeners.add(listener), () => listeners.delete(listener)),
    onPublish: (listener: EventListener) => (listeners.add(listener), () => listeners.delete(listener)),
    onReconnect: () => () => undefined,
    listening: () => bus.heard,
    deliver: (organisationId: string, event: AppEvent) => listeners.forEach((listener) => listener(organisationId, event)),
  };
  return bus;
}

// The remembering itself; the routes' announcements are below.
describe.each(drivers)('remembered session users (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  const renameByHand = (staffId: string, name: string) => database.db.update(staff).set({ name }).where(eq(staff.id, staffId));

  it('answers from memory until account.changed names the person or their organisation, or a session ends', async () => {
    const bus = fakeBus();
    const users = createSessionUsers(database.db, bus, { maxAgeMs: 60_000 });
    const org = await createOrganisation(database.db);
    const other = await createOrganisation(database.db);
    const name = async () => (await users.get(org.worker.id, org.id)).name;
    const first = await name();

    // A change by hand is not seen while remembered (the app's own changes announce themselves)…
    await renameByHand(org.worker.id, 'Renamed Once');
    expect(await name()).toBe(first);
    // …nor after another person's or another organisation's announcement…
    bus.deliver(org.id, { type: 'account.changed', staffId: org.admin.id });
    bus.deliver(other.id, { type: 'account.changed' });
    expect(await name()).toBe(first);
    // …but at once after the person's own, their organisation's, or their sessions ending.
    bus.deliver(org.id, { type: 'account.changed', staffId: org.worker.id });
    expect(await name()).toBe('Renamed Once');
    await renameByHand(org.worker.id, 'Renamed Twice');
    bus.deliver(org.id, { type: 'account.changed' });
    expect(await name()).toBe('Renamed Twice');
    await renameByHand(org.worker.id, 'Renamed Thrice');
    bus.deliver(org.id, { type: 'session.ended', staffId: org.worker.id });
    expect(await name()).toBe('Renamed Thrice');
  });

  it('reads again after its age, and remembers nothing while the bus cannot hear other processes', async () => {
    const bus = fakeBus();
    const org = await createOrganisation(database.db);
    const short = createSessionUsers(database.db, bus, { maxAgeMs: 20 });
    await short.get(org.worker.id, org.id);
    await renameByHand(org.worker.id, 'Aged Out');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await short.get(org.worker.id, org.id)).name).toBe('Aged Out');

    const deaf = createSessionUsers(database.db, bus, { maxAgeMs: 60_000 });
    bus.heard = false;
    await deaf.get(org.worker.id, org.id);
    await renameByHand(org.worker.id, 'Not Remembered');
    expect((await deaf.get(org.worker.id, org.id)).name).toBe('Not Remembered');
  });

  it('keeps the organisation in the key: the same person asked under another organisation is not found', async () => {
    const users = createSessionUsers(database.db, fakeBus(), { maxAgeMs: 60_000 });
    const org = await createOrganisation(database.db);
    const other = await createOrganisation(database.db);
    await users.get(org.worker.id, org.id);
    await expect(users.get(org.worker.id, other.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

// Every change GET /api/me shows, made through the app, shows at the next read.
describe.each(drivers)('GET /api/me after changes through the app (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let clients: { admin: ApiClient; worker: ApiClient };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    clients = await staffClients(t.app, org);
  });
  const me = async (client: ApiClient): Promise<SessionUser> => sessionUserSchema.parse((await client.get('/api/me')).json());

  it("shows one's own new name and photo", async () => {
    await me(clients.worker);
    expect((await clients.worker.patch('/api/account', { name: 'Wasim Shaikh', avatarUrl: '/uploads/public/w.png' })).statusCode).toBe(200);
    expect(await me(clients.worker)).toMatchObject({ name: 'Wasim Shaikh', logoUrl: '/uploads/public/w.png' });
  });

  it('shows the name an admin gave, and the role', async () => {
    await me(clients.worker);
    expect((await clients.admin.patch(`/api/staff/${org.worker.id}`, { name: 'Wasim Ansari' })).statusCode).toBe(200);
    expect(await me(clients.worker)).toMatchObject({ name: 'Wasim Ansari', role: 'WORKER' });
  });

  it("shows everyone the organisation's new name and time zone", async () => {
    await me(clients.worker);
    const changed = await clients.admin.patch('/api/settings/organisation', { name: 'Renamed Hospital', timeZone: 'Asia/Dubai' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(clients.worker)).admin).toMatchObject({ name: 'Renamed Hospital', timeZone: 'Asia/Dubai' });
    expect((await me(clients.admin)).admin).toMatchObject({ name: 'Renamed Hospital' });
  });
});

// Two server processes on one PostgreSQL: a change on one reaches what the other remembers.
describe.each(bothDrivers.filter((driver) => driver === 'postgres'))('session users across processes (%s)', (driver) => {
  let one: TestApp;
  let two: TestApp;
  let org: OrganisationFixture;

  beforeAll(async () => {
    [one, two] = [await createTestApp(driver), await createTestApp(driver)];
    org = await createOrganisation(one.database.db);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it("shows the other process's change once its event arrives", async () => {
    const worker = await signIn(one.app, org.worker.email);
    const admin = await signIn(one.app, org.admin.email);
    const nameOnTwo = async () => sessionUserSchema.parse((await two.app.inject({ url: '/api/me', headers: bearer(worker.access_token) })).json()).admin.name;
    const before = await nameOnTwo();
    expect(await nameOnTwo()).toBe(before);
    const arrived = eventReaches(two.app, (organisationId, event) => event.type === 'account.changed' && organisationId === org.id);
    const changed = await one.app.inject({ method: 'PATCH', url: '/api/settings/organisation', headers: bearer(admin.access_token), payload: { name: 'Renamed Elsewhere' } });
    expect(changed.statusCode, changed.body).toBe(200);
    await arrived;
    expect(await nameOnTwo()).toBe('Renamed Elsewhere');
    // The row itself says so too: the read above is the database's, not a guess.
    const [row] = await two.database.db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, org.id));
    expect(row?.name).toBe('Renamed Elsewhere');
  });
});
