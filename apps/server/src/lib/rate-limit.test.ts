import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { rateLimitBuckets } from '../db/schema/index.js';
import { createTestDatabase, bothDrivers } from '../test/database.js';
import { TooManyRequestsError } from './errors.js';
import { consume, postgresRateLimitStore, redisRateLimitStore, type RateLimitStore } from './rate-limit.js';

// CI and this machine run Redis on the default port; each run uses its own key prefix.
const REDIS_URL = 'redis://127.0.0.1:6379';

function storeContract(name: string, makeStore: () => RateLimitStore) {
  describe(`${name} rate-limit store`, () => {
    const key = () => `test:${randomUUID()}`;

    it('counts hits within a window and reports when it resets', async () => {
      const store = makeStore();
      const k = key();
      const first = await store.hit(k, 60_000);
      const second = await store.hit(k, 60_000);
      expect([first.count, second.count]).toEqual([1, 2]);
      expect(second.resetAt.getTime()).toBeGreaterThan(Date.now() + 55_000);
      expect(second.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
    });

    it('never loses a count under concurrent hits', async () => {
      const store = makeStore();
      const k = key();
      const results = await Promise.all(Array.from({ length: 20 }, () => store.hit(k, 60_000)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('starts a new window once the old one has ended', async () => {
      const store = makeStore();
      const k = key();
      await store.hit(k, 50);
      await store.hit(k, 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await store.hit(k, 50)).count).toBe(1);
    });

    it('releases one hit and resets a key', async () => {
      const store = makeStore();
      const k = key();
      await store.hit(k, 60_000);
      await store.hit(k, 60_000);
      await store.release(k);
      expect((await store.hit(k, 60_000)).count).toBe(2);
      await store.reset(k);
      expect((await store.hit(k, 60_000)).count).toBe(1);
      await store.release(key()); // releasing an unknown key is harmless
    });

    it('resets every key of a prefix, taking its characters literally', async () => {
      const store = makeStore();
      const base = `test:${randomUUID()}:`;
      const [first, second, lookalike, other] = [`${base}a_b* 1`, `${base}a_b* 2`, `${base}aXbX 1`, `${base}c 1`];
      for (const k of [first, second, lookalike, other]) await store.hit(k!, 60_000);
      await store.resetPrefix(`${base}a_b* `);
      expect((await store.hit(first!, 60_000)).count).toBe(1);
      expect((await store.hit(second!, 60_000)).count).toBe(1);
      expect((await store.hit(lookalike!, 60_000)).count).toBe(2);
      expect((await store.hit(other!, 60_000)).count).toBe(2);
    });

    it('throws 429 with a Retry-After once a limit is exceeded', async () => {
      const store = makeStore();
      const limit = { key: key(), max: 2, windowMs: 30_000 };
      await consume(store, [limit]);
      await consume(store, [limit]);
      const error = await consume(store, [limit]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TooManyRequestsError);
      expect((error as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(25);
      expect((error as TooManyRequestsError).retryAfterSeconds).toBeLessThanOrEqual(30);
    });
  });
}

for (const driver of bothDrivers) {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());
  storeContract(`PostgreSQL (${driver})`, () => postgresRateLimitStore(database.db));

  it(`sweeps ended windows from the PostgreSQL table (${driver})`, async () => {
    const store = postgresRateLimitStore(database.db, 1);
    const ended = `test:${randomUUID()}`;
    await store.hit(ended, 10);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await store.hit(`test:${randomUUID()}`, 60_000);
    const left = await database.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, ended));
    expect(left).toEqual([]);
  });
}

let redis: Redis;
const prefix = `caredesk-test:${randomUUID()}:`;
beforeAll(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});
storeContract('Redis', () => redisRateLimitStore(redis, prefix));
