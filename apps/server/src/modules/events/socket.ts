import { EVENTS_AUTH_TIMEOUT_MS, EVENTS_CLOSE_UNAUTHORIZED, EVENTS_HEARTBEAT_MS, eventsClientMessageSchema, type AppEvent, type EventsServerMessage } from '@caredesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import { databaseUnavailable } from '../../lib/db-errors.js';
import type { EventBus } from '../../lib/events/bus.js';

export interface EventRouteOptions {
  /** The server pings every heartbeatMs and drops a socket that did not answer the previous ping. */
  heartbeatMs?: number;
  /** The first message, {type:'auth', token}, must arrive within this time. */
  authTimeoutMs?: number;
  /** A client this far behind (bytes queued) is dropped; it reconnects and resyncs. */
  maxBufferedBytes?: number;
}

/** A signed-in socket and who signed it in: the same object from added() to removed(). */
export interface SignedInClient<Caller> {
  socket: WebSocket;
  caller: Caller;
}

/** What differs between the staff and the patient socket; the lifecycle around it is shared. */
export interface SocketAudience<Caller> {
  /** For log lines. */
  name: string;
  /** The caller a token signs in; a rejection closes the socket 4401. Never log the token. */
  authenticate(token: string): Promise<Caller>;
  /** Of these callers, which are still signed in (the others are closed 4401 at the heartbeat). */
  stillSignedIn(callers: Caller[]): Promise<(caller: Caller) => boolean>;
  /** A socket signed in (ready) and one gone: the audience keeps its own index for delivery. */
  added(client: SignedInClient<Caller>): void;
  removed(client: SignedInClient<Caller>): void;
  /**
   * The signed-in clients an event of this organisation reaches; a promise when working it out
   * needs the database (events are still delivered in the order they came).
   */
  recipients(organisationId: string, event: AppEvent): Iterable<SignedInClient<Caller>> | Promise<Iterable<SignedInClient<Caller>>>;
  /** Safe fields for the "ready" debug line (ids, never tokens or phones). */
  logFields(caller: Caller): Record<string, unknown>;
}

interface Client<Caller> {
  socket: WebSocket;
  caller: Caller | undefined;
  alive: boolean;
  timer: NodeJS.Timeout | undefined;
}

const OPEN = 1;
/** setTimeout's longest delay (2^31 - 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function send(socket: WebSocket, message: EventsServerMessage): void {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
}

/**
 * The event socket lifecycle (design.md §6), for any audience: the first message
 * {type:'auth', token} within authTimeoutMs, then {type:'ready'}; {type:'ping'} answered with
 * {type:'pong'}; a ping every heartbeatMs (a socket that missed the previous one is dropped) and
 * a session check (an ended session is closed 4401); closed 4401 when the token expires; 1012
 * when the bus listener reconnected (events may have been missed); a client too far behind is
 * dropped. Registers its timers and bus subscriptions on `app` and answers the route handler.
 */
export function eventSocket<Caller>(
  app: FastifyInstance,
  events: Pick<EventBus, 'subscribe' | 'onReconnect'>,
  options: EventRouteOptions,
  audience: SocketAudience<Caller>,
): (socket: WebSocket, request: FastifyRequest) => void {
  const heartbeatMs = options.heartbeatMs ?? EVENTS_HEARTBEAT_MS;
  const authTimeoutMs = options.authTimeoutMs ?? EVENTS_AUTH_TIMEOUT_MS;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const clients = new Set<Client<Caller>>();

  /** A sign-out (here or on another process) ends its sockets at its session.ended event, else by the next heartbeat: one query for every signed-in socket. */
  const closeEndedSessions = async (): Promise<void> => {
    const signedIn = [...clients].filter((client): client is Client<Caller> & { caller: Caller } => client.caller !== undefined);
    if (signedIn.length === 0) return;
    const live = await audience.stillSignedIn(signedIn.map((client) => client.caller));
    for (const client of signedIn) {
      if (!live(client.caller)) client.socket.close(EVENTS_CLOSE_UNAUTHORIZED, 'Your session has ended. Sign in again.');
    }
  };

  /** The last delivery still waiting for its recipients, if any. */
  let pending: Promise<void> | undefined;
  const unsubscribe = events.subscribe((organisationId, event) => {
    if (event.type === 'session.ended') {
      // A deactivation or sign-out closes its sockets now rather than at the next heartbeat.
      closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, `${audience.name}: session check failed`));
      return;
    }
    const found = audience.recipients(organisationId, event);
    const deliver = (recipients: Iterable<SignedInClient<Caller>>): void => {
      let text: string | undefined;
      for (const { socket } of recipients) {
        if (socket.readyState !== OPEN) continue;
        if (socket.bufferedAmount > maxBuffered) {
          socket.terminate();
          continue;
        }
        socket.send((text ??= JSON.stringify(event)));
      }
    };
    if (!pending && !(found instanceof Promise)) {
      deliver(found);
      return;
    }
    // Handled below, in turn; without this a rejection before its turn would count as unhandled.
    if (found instanceof Promise) found.catch(() => undefined);
    // Behind an event still being worked out: wait for it, so a client sees events in order.
    const turn: Promise<void> = (pending ?? Promise.resolve())
      .then(() => found)
      .then(deliver)
      .catch((error: unknown) => app.log.warn({ err: error }, `${audience.name}: could not work out an event's recipients`))
      .finally(() => {
        if (pending === turn) pending = undefined;
      });
    pending = turn;
  });
  // Events raised while the listener was down were missed: make every client reconnect and resync.
  const offReconnect = events.onReconnect(() => {
    for (const client of clients) if (client.caller) client.socket.close(1012, 'Reconnect to resync');
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
    closeEndedSessions().catch((error: unknown) => app.log.warn({ err: error }, `${audience.name}: session check failed`));
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    offReconnect();
    for (const client of clients) client.socket.terminate();
  });

  const remove = (client: Client<Caller>): void => {
    clearTimeout(client.timer);
    clients.delete(client);
    if (client.caller !== undefined) audience.removed(client as SignedInClient<Caller>);
  };

  return (socket, request) => {
    const client: Client<Caller> = { socket, caller: undefined, alive: true, timer: undefined };
    clients.add(client);
    let authenticating = false;
    const unauthorized = (reason: string): void => {
      clearTimeout(client.timer);
      socket.close(EVENTS_CLOSE_UNAUTHORIZED, reason);
    };
    client.timer = setTimeout(() => unauthorized('Sign in to continue'), authTimeoutMs);

    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => remove(client));
    socket.on('error', () => socket.terminate());

    socket.on('message', (data, isBinary) => {
      client.alive = true;
      if (authenticating) return;
      let message;
      try {
        message = isBinary ? undefined : eventsClientMessageSchema.safeParse(JSON.parse(String(data)));
      } catch {
        message = undefined;
      }
      if (client.caller !== undefined) {
        if (message?.success && message.data.type === 'ping') send(socket, { type: 'pong' });
        return;
      }
      // Not signed in yet: the first message must be {type:'auth', token}.
      if (!message?.success || message.data.type !== 'auth') {
        unauthorized('Sign in to continue');
        return;
      }
      const { token } = message.data;
      authenticating = true;
      audience.authenticate(token).then(
        (caller) => {
          authenticating = false;
          if (socket.readyState !== OPEN) return;
          clearTimeout(client.timer);
          const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
          // A patient token lives for weeks, beyond the longest timer (about 24.8 days): re-armed until then.
          const expireAt = (): void => {
            const left = expiresAt - Date.now();
            client.timer = left > MAX_TIMER_MS ? setTimeout(expireAt, MAX_TIMER_MS) : setTimeout(() => unauthorized('Your session has expired'), Math.max(0, left));
          };
          expireAt();
          client.caller = caller;
          audience.added(client as SignedInClient<Caller>);
          request.log.debug(audience.logFields(caller), `${audience.name} socket ready`);
          send(socket, { type: 'ready' });
        },
        (error: unknown) => {
          authenticating = false;
          // An unreachable database is not an ended session: 1013 (try again later) makes the
          // client reconnect with the same token instead of renewing it or signing out.
          if (databaseUnavailable(error)) {
            clearTimeout(client.timer);
            socket.close(1013, 'The server is unavailable. Try again later.');
            return;
          }
          unauthorized('Your session has ended. Sign in again.');
        },
      );
    });
  };
}

/** Sets of clients by key (an organisation, a patient record), dropping empty sets. */
export class ClientIndex<Key, Caller> {
  private readonly byKey = new Map<Key, Set<SignedInClient<Caller>>>();

  add(key: Key, client: SignedInClient<Caller>): void {
    let members = this.byKey.get(key);
    if (!members) this.byKey.set(key, (members = new Set()));
    members.add(client);
  }

  remove(key: Key, client: SignedInClient<Caller>): void {
    const members = this.byKey.get(key);
    members?.delete(client);
    if (members?.size === 0) this.byKey.delete(key);
  }

  get(key: Key): Iterable<SignedInClient<Caller>> {
    return this.byKey.get(key) ?? [];
  }

  isEmpty(): boolean {
    return this.byKey.size === 0;
  }
}
