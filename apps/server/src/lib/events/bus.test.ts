import { randomUUID } from 'node:crypto';
import type { AppEvent } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase, databaseUrl, drivers } from '../../test/database.js';
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

describe.each(drivers)('event bus (%s)', (driver) => {
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
