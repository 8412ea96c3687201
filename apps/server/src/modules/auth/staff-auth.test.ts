import type { AppEvent } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { staff } from '../../db/schema/index.js';
import { createStaffAuth } from '../../lib/auth.js';
import type { EventListener } from '../../lib/events/bus.js';
import { createTestDatabase, bothDrivers } from '../../test/database.js';
import { createOrganisation } from '../../test/fixtures.js';
import { startSession } from './sessions.js';

const key = new Uint8Array(32).fill(7);

/** A bus that delivers what the test says, when it says. */
function fakeBus() {
  const listeners = new Set<EventListener>();
  const reconnects = new Set<() => void>();
  const bus = {
    heard: true,
    subscribe: (listener: EventListener) => (listeners.add(listener), () => listeners.delete(listener)),
    onPublish: (listener: EventListener) => (listeners.add(listener), () => listeners.delete(listener)),
    onReconnect: (listener: () => void) => (reconnects.add(listener), () => reconnects.delete(listener)),
    listening: () => bus.heard,
    deliver: (event: AppEvent) => listeners.forEach((listener) => listener('any', event)),
    reconnect: () => reconnects.forEach((listener) => listener()),
  };
  return bus;
}

// The remembering itself (revocation.test.ts covers every way a session ends through the app).
describe.each(bothDrivers)('remembered staff checks (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  /** A worker with a live session, and a way to deactivate (or reactivate) them behind the app's back. */
  async function worker() {
    const org = await createOrganisation(database.db);
    const { accessToken } = await startSession(database.db, key, { staffId: org.worker.id, organisationId: org.id, role: 'WORKER' }, { ip: '10.0.0.1', userAgent: 'test' });
    const setActive = (active: boolean) => database.db.update(staff).set({ active }).where(eq(staff.id, org.worker.id));
    return { id: org.worker.id, token: accessToken, setActive };
  }
  const refused = (check: Promise<unknown>) => expect(check).rejects.toMatchObject({ statusCode: 401 });

  it('answers a checked token from memory until its session.ended, a reconnect or its age', async () => {
    const bus = fakeBus();
    const auth = createStaffAuth(database.db, key, bus, { maxAgeMs: 60_000 });
    const one = await worker();
    expect(await auth.verify(one.token)).toMatchObject({ id: one.id, role: 'WORKER' });
    await one.setActive(false);
    // Remembered: a change by hand is not seen yet (the app's own changes announce themselves).
    expect(await auth.verify(one.token)).toMatchObject({ id: one.id });
    bus.deliver({ type: 'session.ended', staffId: one.id });
    await refused(auth.verify(one.token));

    const two = await worker();
    await auth.verify(two.token);
    await two.setActive(false);
    bus.reconnect();
    await refused(auth.verify(two.token));

    const short = createStaffAuth(database.db, key, bus, { maxAgeMs: 20 });
    const three = await worker();
    await short.verify(three.token);
    await three.setActive(false);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await refused(short.verify(three.token));
  });

  it('remembers nothing while the bus cannot hear other processes', async () => {
    const bus = fakeBus();
    const auth = createStaffAuth(database.db, key, bus, { maxAgeMs: 60_000 });
    const one = await worker();
    bus.heard = false;
    await auth.verify(one.token);
    await one.setActive(false);
    await refused(auth.verify(one.token));

    const two = await worker();
    bus.heard = true;
    await auth.verify(two.token);
    bus.heard = false;
    await two.setActive(false);
    await refused(auth.verify(two.token));
  });

  it('does not remember a check that was under way when a session ended', async () => {
    const bus = fakeBus();
    const auth = createStaffAuth(database.db, key, bus, { maxAgeMs: 60_000 });
    const one = await worker();
    const underWay = auth.verify(one.token);
    bus.deliver({ type: 'session.ended', staffId: one.id });
    await underWay;
    await one.setActive(false);
    await refused(auth.verify(one.token));
  });

  it('forgets the oldest token beyond its bound', async () => {
    const auth = createStaffAuth(database.db, key, fakeBus(), { maxAgeMs: 60_000, maxEntries: 2 });
    const [one, two, three] = [await worker(), await worker(), await worker()];
    for (const w of [one, two, three]) await auth.verify(w.token);
    for (const w of [one, two, three]) await w.setActive(false);
    await refused(auth.verify(one.token));
    expect(await auth.verify(two.token)).toMatchObject({ id: two.id });
    expect(await auth.verify(three.token)).toMatchObject({ id: three.id });
  });
});
