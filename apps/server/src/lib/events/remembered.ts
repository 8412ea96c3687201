import type { AppEvent } from '@caredesk/shared';
import type { EventBus } from './bus.js';

export interface RememberedOptions<V> {
  /** How long a read is trusted without asking the database again. */
  maxAgeMs: number;
  /** Entries remembered at most; the oldest is forgotten first. */
  maxEntries: number;
  /**
   * What an event makes stale: a test on the remembered values (true: forget it), or undefined
   * when the event changes nothing remembered here.
   */
  staleAfter(organisationId: string, event: AppEvent): ((value: V) => boolean) | undefined;
}

export interface Loaded<V> {
  value: V;
  /** The value's own end (ms since the epoch), e.g. a token's expiry: never remembered past it. */
  expiresAt?: number;
}

export interface Remembered<V> {
  /** The remembered value of `key` while it stands, else `load`'s, remembered when that is safe. */
  read(key: string, load: () => Promise<Loaded<V>>): Promise<V>;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  loadedAt: number;
}

/**
 * Reads worth a database round trip's saving (every request's session check, GET /api/me),
 * remembered for a few seconds in this process. What changes them announces an event on the bus
 * (lib/events/bus.ts), which forgets them: in this process before the announcing request answers
 * (onPublish), in every other process when the NOTIFY arrives. Nothing is remembered while the bus
 * cannot hear other processes, everything is forgotten when its listener reconnects, and a read
 * that began before an announcement is not remembered (it may hold what the announcement changed).
 * A change made behind the app's back (SQL by hand) is seen within maxAgeMs.
 */
export function createRemembered<V>(events: Pick<EventBus, 'subscribe' | 'onPublish' | 'onReconnect' | 'listening'>, options: RememberedOptions<V>): Remembered<V> {
  const entries = new Map<string, Entry<V>>();
  // Bumped by every announcement that forgets anything: a read that started before it is not kept.
  let generation = 0;
  const forget = (stale?: (value: V) => boolean) => {
    generation += 1;
    for (const [key, entry] of entries) if (stale === undefined || stale(entry.value)) entries.delete(key);
  };
  const onEvent = (organisationId: string, event: AppEvent) => {
    const stale = options.staleAfter(organisationId, event);
    if (stale) forget(stale);
  };
  events.subscribe(onEvent);
  events.onPublish(onEvent);
  events.onReconnect(() => forget());

  return {
    async read(key, load) {
      const now = Date.now();
      const known = entries.get(key);
      if (known && now < known.expiresAt && now - known.loadedAt < options.maxAgeMs && events.listening()) return known.value;
      if (known) entries.delete(key);
      const startedAt = generation;
      const loaded = await load();
      if (startedAt === generation && events.listening()) {
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { value: loaded.value, expiresAt: loaded.expiresAt ?? Number.POSITIVE_INFINITY, loadedAt: now });
      }
      return loaded.value;
    },
  };
}
