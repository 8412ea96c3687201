import { eq, like, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { rateLimitBuckets } from '../db/schema/index.js';
import { TooManyRequestsError } from './errors.js';

export interface WindowCount {
  count: number;
  resetAt: Date;
}

/** Fixed-window counters shared by every server process (PostgreSQL or Redis). */
export interface RateLimitStore {
  /** Counts one hit in the key's current window, starting a new window when the old one ended. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one hit back (a success that should not count). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Resets every key starting with `prefix` (all sources of one account, say). */
  resetPrefix(prefix: string): Promise<void>;
}

/** One atomic upsert per hit: concurrent requests on any process never lose a count. */
export function postgresRateLimitStore(db: Db, sweepChance = 0.01): RateLimitStore {
  const expired = sql`${rateLimitBuckets.resetAt} <= now()`;
  return {
    async hit(key, windowMs) {
      // Now and then, drop ended windows so the table holds only live counters.
      if (Math.random() < sweepChance) await db.delete(rateLimitBuckets).where(expired);
      const newReset = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const [row] = await db
        .insert(rateLimitBuckets)
        .values({ key, count: 1, resetAt: newReset })
        .onConflictDoUpdate({
          target: rateLimitBuckets.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
          },
        })
        .returning({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
      if (!row) throw new Error('rate limit upsert returned no row');
      return row;
    },
    async release(key) {
      await db
        .update(rateLimitBuckets)
        .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
        .where(eq(rateLimitBuckets.key, key));
    },
    async reset(key) {
      await db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    },
    async resetPrefix(prefix) {
      // An e-mail's '_' must not match any character.
      await db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
    },
  };
}

// DECR only while the key exists, so a release after expiry cannot create a key without a TTL.
const RELEASE_SCRIPT = "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0";

export function redisRateLimitStore(redis: Redis, prefix = 'caredesk:rl:'): RateLimitStore {
  return {
    async hit(key, windowMs) {
      // INCR, then set the expiry only if the key has none (NX): the window starts at the first hit.
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      if (!results) throw new Error('redis transaction aborted');
      const [incr, , pttl] = results;
      if (incr?.[0] || pttl?.[0]) throw incr?.[0] ?? pttl?.[0];
      const ttl = Number(pttl?.[1]);
      return { count: Number(incr?.[1]), resetAt: new Date(Date.now() + (ttl > 0 ? ttl : windowMs)) };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async resetPrefix(keyPrefix) {
      const pattern = `${(prefix + keyPrefix).replace(/[\\*?[\]]/g, '\\$&')}*`;
      for await (const keys of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) {
        if (keys.length > 0) await redis.del(...keys);
      }
    },
  };
}

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Counts a hit on every limit; throws 429 with the longest Retry-After if any is exceeded. */
export async function consume(store: RateLimitStore, limits: Limit[], now = Date.now()): Promise<void> {
  const counts = await Promise.all(limits.map((limit) => store.hit(limit.key, limit.windowMs)));
  let retryAfterSeconds = 0;
  counts.forEach((result, index) => {
    const limit = limits[index]!;
    if (result.count > limit.max) {
      // Clamped to the window: clocks of the store and this process may differ by a few ms.
      const seconds = Math.ceil((result.resetAt.getTime() - now) / 1000);
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.min(Math.max(1, seconds), Math.ceil(limit.windowMs / 1000)));
    }
  });
  if (retryAfterSeconds > 0) throw new TooManyRequestsError(retryAfterSeconds);
}
