import { appEventSchema, type AppEvent } from '@caredesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Db } from '../../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (the same as ctx.events), for tests and scripts. */
    events: EventBus;
  }
}

export const EVENTS_CHANNEL = 'caredesk_events';
/** PostgreSQL rejects a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

export type EventListener = (organisationId: string, event: AppEvent) => void;

/**
 * Realtime fan-out (design.md §2, §6). publish() sends pg_notify on the database, every server
 * process LISTENs on a dedicated connection and hands what arrives to its local subscribers (the
 * WebSocket route), so an event raised in one process reaches the clients of all of them.
 */
export interface EventBus {
  /**
   * Raise an event for one organisation. Publish AFTER the write commits: NOTIFY inside a
   * transaction is only delivered on commit, so either call this after `db.transaction()`
   * resolves, or pass the transaction as `tx` to have it fire exactly when (and if) it commits.
   * Send ids, not documents: the JSON must stay under 8000 bytes.
   */
  publish(organisationId: string, event: AppEvent, tx?: Db): Promise<void>;
  /**
   * publish() for several events of one organisation in one round trip, delivered in the order
   * given: a write that raises a few (a booking: its notifications and the visit's update) sends
   * them together instead of one statement each while it holds its locks.
   */
  publishMany(organisationId: string, events: readonly AppEvent[], tx?: Db): Promise<void>;
  /**
   * publishMany() as an expression for the caller's own statement in its transaction (a booking
   * raises its events in the statement that inserts the visit: one round trip fewer while it holds
   * the day's lock). The expression must be evaluated (selected) by that statement; `published()`
   * is called once it has run, as publishMany() does before resolving.
   */
  notifyInline(organisationId: string, events: readonly AppEvent[]): { sql: SQL; published(): void };
  /** Local subscribers of this process; returns the unsubscribe. */
  subscribe(listener: EventListener): () => void;
  /**
   * Called when the LISTEN connection came back after a drop: events raised meanwhile were
   * missed, so the WebSocket route closes its sockets (1012) and the clients reconnect and resync.
   */
  onReconnect(listener: () => void): () => void;
  /**
   * Called in this process, before publish() resolves, for each event it publishes itself: its
   * own NOTIFY comes back only later, and a cache of what the event ends (lib/auth.ts) must not
   * answer the publisher's next request from before it. With `tx`, before the commit.
   */
  onPublish(listener: EventListener): () => void;
  /**
   * Whether this process hears other processes' events right now: false before start(), while
   * the listener connection is down (events are being missed) and after close().
   */
  listening(): boolean;
  /** Starts listening (buildApp calls it). */
  start(): Promise<void>;
  /** Stops listening (on app close). */
  close(): Promise<void>;
}

interface Wire {
  o: string;
  e: AppEvent;
}

export function encodeEvent(organisationId: string, event: AppEvent): string {
  const text = JSON.stringify({ o: organisationId, e: appEventSchema.parse(event) } satisfies Wire);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`event ${event.type} is too large for NOTIFY; send ids, not documents`);
  return text;
}

export function decodeEvent(payload: string): { organisationId: string; event: AppEvent } | undefined {
  try {
    const raw = JSON.parse(payload) as Partial<Wire>;
    if (typeof raw.o !== 'string') return undefined;
    const parsed = appEventSchema.safeParse(raw.e);
    return parsed.success ? { organisationId: raw.o, event: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

export interface EventBusOptions {
  log?: FastifyBaseLogger | undefined;
  /** First reconnect delay of the PostgreSQL listener; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** application_name of the PostgreSQL LISTEN connection (visible in pg_stat_activity). */
  applicationName?: string;
}

export function createEventBus(database: Database, options: EventBusOptions = {}): EventBus {
  const listeners = new Set<EventListener>();
  const reconnectListeners = new Set<() => void>();
  const publishListeners = new Set<EventListener>();
  let heard = (): boolean => false;
  const log = options.log;
  const minBackoff = options.minBackoffMs ?? 500;
  // Short enough that a recovered database is heard again within a few seconds.
  const maxBackoff = options.maxBackoffMs ?? 5_000;
  let closed = false;
  let stop: (() => Promise<void>) | undefined;

  const dispatch = (payload: string | undefined): void => {
    if (!payload) return;
    const decoded = decodeEvent(payload);
    if (!decoded) {
      log?.warn({ channel: EVENTS_CHANNEL }, 'ignored a malformed event notification');
      return;
    }
    for (const listener of [...listeners]) {
      try {
        listener(decoded.organisationId, decoded.event);
      } catch (error) {
        log?.error({ err: error }, 'event listener failed');
      }
    }
  };

  async function listenPglite(client: Extract<Database, { driver: 'pglite' }>['client']): Promise<void> {
    const unlisten = await client.listen(EVENTS_CHANNEL, dispatch);
    heard = () => !closed && !client.closed;
    stop = async () => {
      if (!client.closed) await unlisten();
    };
  }

  /**
   * A dedicated pg.Client (a pooled one would be handed back and lose the LISTEN). Exactly one
   * listening connection at a time and at most one reconnect attempt in flight: a failed connect
   * both rejects and emits 'end', so each path must not schedule its own retry (it did, and every
   * outage doubled the listeners and the deliveries).
   */
  async function listenPostgres(pool: pg.Pool): Promise<void> {
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    /** A retry is waiting or connecting; while it is, nothing else schedules one. */
    let retrying = false;
    let backoff = minBackoff;

    const drop = (lost: pg.Client, error?: Error): void => {
      if (client !== lost) return;
      client = undefined;
      void lost.end().catch(() => undefined);
      if (closed) return;
      log?.warn({ err: error, retryInMs: backoff }, 'event listener connection lost; reconnecting');
      schedule();
    };

    /** Resolves once the new connection LISTENs and is the current one; rejects (and ends it) otherwise. */
    const connect = async (): Promise<void> => {
      const next = new pg.Client({
        ...pool.options,
        application_name: options.applicationName ?? 'caredesk-events',
        // A half-open connection (a cut network) must surface as an error, not as silence.
        keepAlive: true,
        connectionTimeoutMillis: pool.options.connectionTimeoutMillis || 5000,
      });
      let failed = false;
      next.on('notification', (message) => {
        if (message.channel === EVENTS_CHANNEL && client === next) dispatch(message.payload);
      });
      // Before it listens a failure surfaces through the rejected promise below; after, through drop().
      next.on('error', (error) => {
        failed = true;
        drop(next, error);
      });
      next.on('end', () => {
        failed = true;
        drop(next);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${EVENTS_CHANNEL}`);
        if (failed) throw new Error('the event listener connection ended while it was starting');
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      backoff = minBackoff;
    };

    const schedule = (): void => {
      if (closed || retrying || client) return;
      retrying = true;
      const delay = backoff;
      backoff = Math.min(backoff * 2, maxBackoff);
      timer = setTimeout(() => {
        timer = undefined;
        connect().then(
          () => {
            retrying = false;
            if (closed) return;
            log?.info('event listener reconnected');
            // Once per recovery, however many attempts it took: sockets resync once.
            for (const listener of [...reconnectListeners]) listener();
          },
          (error: unknown) => {
            retrying = false;
            if (closed) return;
            log?.warn({ err: error, retryInMs: backoff }, 'event listener could not reconnect');
            schedule();
          },
        );
      }, delay);
      timer.unref();
    };

    await connect();
    heard = () => !closed && client !== undefined;
    stop = async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    };
  }

  const published = (organisationId: string, events: readonly AppEvent[]): void => {
    for (const event of events) {
      for (const listener of [...publishListeners]) {
        try {
          listener(organisationId, event);
        } catch (error) {
          log?.error({ err: error }, 'publish listener failed');
        }
      }
    }
  };

  /** Every event in the order given, in one pg_notify per event, as one scalar expression. */
  const notifyAll = (organisationId: string, events: readonly AppEvent[]): SQL => {
    // One JSON array parameter (PGlite and pg alike); NOTIFY delivers in the order of its calls,
    // and the calls follow the array's order.
    const payloads = JSON.stringify(events.map((event) => encodeEvent(organisationId, event)));
    return sql`(select count(pg_notify(${EVENTS_CHANNEL}, e.payload)) from (select payload from json_array_elements_text(${payloads}::json) with ordinality as p(payload, n) order by n) e)`;
  };

  return {
    async publish(organisationId, event, tx) {
      const payload = encodeEvent(organisationId, event);
      await (tx ?? database.db).execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
      published(organisationId, [event]);
    },
    async publishMany(organisationId, events, tx) {
      if (events.length === 0) return;
      await (tx ?? database.db).execute(sql`select ${notifyAll(organisationId, events)}`);
      published(organisationId, events);
    },
    notifyInline(organisationId, events) {
      return { sql: events.length === 0 ? sql`0` : notifyAll(organisationId, events), published: () => published(organisationId, events) };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    onPublish(listener) {
      publishListeners.add(listener);
      return () => publishListeners.delete(listener);
    },
    listening: () => heard(),
    async start() {
      if (database.driver === 'pglite') await listenPglite(database.client);
      else await listenPostgres(database.pool);
    },
    async close() {
      closed = true;
      listeners.clear();
      reconnectListeners.clear();
      publishListeners.clear();
      await stop?.();
      stop = undefined;
    },
  };
}
