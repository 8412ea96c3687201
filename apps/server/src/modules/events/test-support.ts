import { randomUUID } from 'node:crypto';
import { EVENTS_PATH, type AppEvent } from '@caredesk/shared';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';

/** A WebSocket client that records what it receives. */
export interface Peer {
  socket: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first received message matching `match`. */
  next(match: (message: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

export function peer(socket: WebSocket): Peer {
  const messages: unknown[] = [];
  const waiters = new Set<{ match: (message: Record<string, unknown>) => boolean; resolve: (message: Record<string, unknown>) => void }>();
  // Why the socket closed, if it has: a wait that times out says so rather than only 'no such message'.
  let closedWith: string | undefined;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.delete(waiter);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      closedWith = `${code} ${String(reason)}`;
      resolve({ code, reason: String(reason) });
    }),
  );
  return {
    socket,
    messages,
    closed,
    next: (match, timeoutMs = 8000) =>
      new Promise((resolve, reject) => {
        const found = messages.find((message) => match(message as Record<string, unknown>));
        if (found) return resolve(found as Record<string, unknown>);
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(closedWith ? `no such message: the socket closed (${closedWith})` : `no such message in ${messages.length} received`));
        }, timeoutMs);
      }),
  };
}

export async function connect(app: FastifyInstance, path = EVENTS_PATH): Promise<Peer> {
  return peer(await app.injectWS(path));
}

/** A signed-in socket that got {type:'ready'}. */
export async function ready(app: FastifyInstance, token: string, path = EVENTS_PATH): Promise<Peer> {
  const p = await connect(app, path);
  p.socket.send(JSON.stringify({ type: 'auth', token }));
  await p.next((m) => m.type === 'ready');
  return p;
}

export const appointment = (): AppEvent => ({ type: 'appointment.updated', appointmentId: randomUUID(), date: '2026-03-10', status: 'BOOKED' });
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The session id (sid) a patient token carries. */
export const sessionIdOf = (token: string): string => String((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: unknown }).sid);

/**
 * Resolves once every event this app published before the call has reached its subscribers:
 * on PostgreSQL a NOTIFY arrives a moment after its commit, and notifications arrive in commit
 * order, so a marker published now arrives after all of them.
 */
export async function eventsDelivered(app: FastifyInstance): Promise<void> {
  const staffId = randomUUID();
  let unsubscribe = (): void => undefined;
  const heard = new Promise<void>((done) => {
    unsubscribe = app.events.subscribe((_, event) => {
      if (event.type === 'session.ended' && event.staffId === staffId) done();
    });
  });
  // A session of nobody in an organisation that does not exist: no socket or cache holds it.
  await app.events.publish(randomUUID(), { type: 'session.ended', staffId });
  await heard;
  unsubscribe();
}
