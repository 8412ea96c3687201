import { randomUUID } from 'node:crypto';
import type { AppEvent } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { fromPool, type Database } from '../../db/client.js';
import { createTestDatabase, databaseUrl, bothDrivers } from '../../test/database.js';
import { startTcpProxy } from '../../test/tcp-proxy.js';
import { createEventBus, decodeEvent, encodeEvent, type EventBus } from './bus.js';

function nextEvent(bus: EventBus, match: (organisationId: string, event: AppEvent) => boolean, timeoutMs = 3000) {
  return new Promise<{ organisationId: string; event: AppEvent }>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no event'));
    }, timeoutMs);
    const off = bus.subscribe((organisationId, event) => {
      if (!match(organisationId, event)) return;
      clearTimeout(timer);
      off();
      resolve({ organisationId, event });
    });
  });
}

describe('event encoding', () => {
  it('round-trips, rejects bad events and oversized payloads', () => {
    const event: AppEvent = { type: 'appointment.updated', appointmentId: randomUUID(), date: '2026-03-10' };
    const organisationId = randomUUID();
    expect(decodeEvent(encodeEvent(organisationId, event))).toEqual({ organisationId, event });
    expect(decodeEvent('not json')).toBeUndefined();
    expect(decodeEvent(JSON.stringify({ o: organisationId, e: { type: 'unknown' } }))).toBeUndefined();
    expect(() => encodeEvent(organisationId, { type: 'notification.created', notificationId: randomUUID() } as unknown as AppEvent)).toThrow();
    expect(() => encodeEvent(organisationId, { type: 'token.updated', calledToken: 'x'.repeat(39), status: 'y'.repeat(9000) } as unknown as AppEvent)).not.toThrow();
  });
});

describe.each(bothDrivers)('event bus (%s)', (driver) => {
  let database: Database;
  let bus: EventBus;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    bus = createEventBus(database);
    await bus.start();
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
  });

  it('delivers a published event to local subscribers', async () => {
    const organisationId = randomUUID();
    const event: AppEvent = { type: 'booking.updated', bookingId: randomUUID(), status: 'BOOKED' };
    const received = nextEvent(bus, (org) => org === organisationId);
    await bus.publish(organisationId, event);
    expect(await received).toEqual({ organisationId, event });
  });

  it('publishes several events in one statement, in their order, when the transaction commits, and tells its own process of each', async () => {
    const organisationId = randomUUID();
    const events: AppEvent[] = [
      { type: 'notification.created', notificationId: randomUUID(), recipientStaffId: randomUUID() },
      { type: 'notification.created', notificationId: randomUUID(), recipientStaffId: randomUUID() },
      { type: 'booking.updated', bookingId: randomUUID(), status: 'BOOKED' },
    ];
    const seen: AppEvent[] = [];
    const told: AppEvent[] = [];
    const off = bus.subscribe((org, event) => (org === organisationId ? seen.push(event) : undefined));
    const offPublish = bus.onPublish((org, event) => (org === organisationId ? told.push(event) : undefined));
    const last = nextEvent(bus, (org, event) => org === organisationId && event.type === 'booking.updated');
    await database.db.transaction(async (tx) => {
      await bus.publishMany(organisationId, events, tx);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual([]);
    });
    await last;
    off();
    offPublish();
    expect(seen).toEqual(events);
    expect(told).toEqual(events);
  });

  it('inside a transaction, delivers only on commit and never on rollback', async () => {
    const committed = randomUUID();
    const rolledBack = randomUUID();
    const seen: string[] = [];
    const off = bus.subscribe((org) => seen.push(org));
    const received = nextEvent(bus, (org) => org === committed);
    await database.db.transaction(async (tx) => {
      await bus.publish(committed, { type: 'plan.updated' }, tx);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).not.toContain(committed);
    });
    await received;
    await database.db
      .transaction(async (tx) => {
        await bus.publish(rolledBack, { type: 'plan.updated' }, tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // A later event arriving proves the rolled-back one would have arrived by now.
    const later = nextEvent(bus, (org, event) => org === committed && event.type === 'wallet.updated');
    await bus.publish(committed, { type: 'wallet.updated', balancePaise: 1 });
    await later;
    off();
    expect(seen).not.toContain(rolledBack);
  });
});

describe.runIf(databaseUrl)('event bus listener (postgres)', () => {
  it('reconnects with backoff when its connection drops, and keeps delivering', async () => {
    const database = await createTestDatabase('postgres');
    const applicationName = `caredesk-events-test-${randomUUID().slice(0, 8)}`;
    const warnings: string[] = [];
    const log = { warn: (_: unknown, message: string) => warnings.push(message), info: () => undefined, error: () => undefined };
    const bus = createEventBus(database, { applicationName, minBackoffMs: 50, log: log as never });
    let reconnected = 0;
    bus.onReconnect(() => reconnected++);
    await bus.start();
    try {
      const organisationId = randomUUID();
      const first = nextEvent(bus, (org) => org === organisationId);
      await bus.publish(organisationId, { type: 'plan.updated' });
      await first;
      await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${applicationName}`);
      // Publish until the new connection hears it (events sent while it was down are lost: the client resyncs).
      const again = nextEvent(bus, (org, event) => org === organisationId && event.type === 'wallet.updated', 5000);
      let delivered = false;
      void again.then(() => (delivered = true));
      for (let i = 0; i < 50 && !delivered; i++) {
        await bus.publish(organisationId, { type: 'wallet.updated' });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await again;
      expect(warnings).toContain('event listener connection lost; reconnecting');
      expect(reconnected).toBe(1);
    } finally {
      await bus.close();
      await database.close();
    }
  });
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(databaseUrl)('event bus listener through outages (postgres)', () => {
  it('keeps exactly one LISTEN connection, delivers each event once and resyncs once per outage', async () => {
    const direct = await createTestDatabase('postgres');
    const proxy = await startTcpProxy(databaseUrl!);
    const proxied = fromPool(new pg.Pool({ connectionString: proxy.url, max: 2 }));
    const applicationName = `caredesk-events-outage-${randomUUID().slice(0, 8)}`;
    const warnings: string[] = [];
    const log = { warn: (_: unknown, message: string) => warnings.push(message), info: () => undefined, error: () => undefined };
    const bus = createEventBus(proxied, { applicationName, minBackoffMs: 20, maxBackoffMs: 100, log: log as never });
    // Publishes on the direct connection, so the outage only cuts the listener.
    const publisher = createEventBus(direct);
    let resyncs = 0;
    bus.onReconnect(() => resyncs++);
    const seen = new Map<string, number>();
    bus.subscribe((_, event) => {
      if (event.type === 'appointment.updated') seen.set(event.appointmentId, (seen.get(event.appointmentId) ?? 0) + 1);
    });
    const listeners = async () => {
      const result = await direct.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where application_name = ${applicationName}`);
      return result.rows[0]!.n;
    };
    const publishTwo = async () => {
      const [first, marker] = [randomUUID(), randomUUID()];
      const organisationId = randomUUID();
      await publisher.publish(organisationId, { type: 'appointment.updated', appointmentId: first, date: '2026-03-10' });
      await publisher.publish(organisationId, { type: 'appointment.updated', appointmentId: marker, date: '2026-03-10' });
      await until(() => seen.has(marker), 'the marker event');
      // A second listener would hand over its copies too; give it the time one round trip takes.
      await sleep(200);
      return [seen.get(first), seen.get(marker)];
    };
    await bus.start();
    try {
      expect(await listeners()).toBe(1);
      for (let outage = 1; outage <= 3; outage++) {
        await proxy.cut();
        // Several reconnects fail while it is down (each used to schedule two retries).
        await until(() => warnings.filter((w) => w === 'event listener could not reconnect').length >= outage * 3, 'failed reconnects');
        await proxy.restore();
        await until(() => resyncs >= outage, 'the reconnect');
        // Longer than the longest backoff: a leaked retry chain would have connected by now.
        await sleep(400);
        expect(await listeners()).toBe(1);
        expect(resyncs).toBe(outage);
        expect(await publishTwo()).toEqual([1, 1]);
      }
    } finally {
      await bus.close();
      await proxied.close();
      await proxy.close();
      await direct.close();
    }
  });
});
