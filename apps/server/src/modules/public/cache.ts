/**
 * A small per-process cache of public pages by slug. Time-based on purpose: with N server
 * processes behind a load balancer, invalidating on a settings change would only reach the process
 * that made it, so every process would still need the time limit; 30 seconds is what an admin
 * waits at most to see a change on the public page (and the browser's own max-age is 60).
 */
export interface PublicCache<T> {
  get(key: string, now?: number): T | undefined;
  set(key: string, value: T, now?: number): void;
}

export function createPublicCache<T>(ttlMs = 30_000, maxEntries = 1000): PublicCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, now = Date.now()) {
      entries.delete(key);
      // Bounded: the oldest entry goes first (Map keeps insertion order).
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: now + ttlMs });
    },
  };
}
