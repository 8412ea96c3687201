import { EVENTS_CLOSE_UNAUTHORIZED } from '@caredesk/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveEventsClient, eventsUrl, type LiveEventsOptions, type WebSocketLike } from './client';
import { invalidateAllLive, liveQueryKeys } from './query-keys';

/** A stand-in for the browser WebSocket: the test opens, answers and drops it by hand. */
class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server (or the network) ends the connection. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.all.at(-1)!;

function makeClient(overrides: Partial<LiveEventsOptions> = {}) {
  let token = 'token-1';
  const refreshToken = vi.fn(async () => {
    token = 'token-2';
  });
  const client = new LiveEventsClient({
    url: 'ws://console.test/api/events',
    getToken: () => token,
    refreshToken,
    createSocket: (url) => new FakeSocket(url),
    random: () => 1,
    ...overrides,
  });
  return { client, refreshToken };
}

/** Open the newest socket and answer its auth. */
function connectLast(): FakeSocket {
  const socket = last();
  socket.open();
  socket.receive({ type: 'ready' });
  return socket;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveEventsClient', () => {
  it('derives the ws/wss URL from the API base', () => {
    expect(eventsUrl('/api', { href: 'https://care.example/appointments' })).toBe('wss://care.example/api/events');
    expect(eventsUrl('/api/', { href: 'http://localhost:5173/' })).toBe('ws://localhost:5173/api/events');
    expect(eventsUrl('https://api.example/api', { href: 'http://localhost:5173/' })).toBe('wss://api.example/api/events');
  });

  it('sends the auth message first and reports connected on ready', () => {
    const { client } = makeClient();
    const states: string[] = [];
    client.onStateChange(() => states.push(client.state));
    client.start();
    const socket = last();
    expect(socket.url).toBe('ws://console.test/api/events');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'token-1' });
    socket.receive({ type: 'ready' });
    expect(states).toEqual(['connecting', 'connected']);
    client.stop();
    expect(client.state).toBe('idle');
    expect(socket.closedWith).toBe(1000);
  });

  it('reconnects with growing backoff up to 30 s, and resets it after a successful connect', () => {
    const { client } = makeClient();
    client.start();
    connectLast().drop();
    expect(client.state).toBe('reconnecting');
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
      last().drop();
    }
    // random() = 1: the full delay, 1 s doubling, capped at 30 s.
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    vi.advanceTimersByTime(30_000);
    connectLast().drop();
    vi.advanceTimersByTime(999);
    const count = FakeSocket.all.length;
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(count + 1);
    client.stop();
  });

  it('jitters the delay within the upper half of each step', () => {
    const low = makeClient({ random: () => 0 }).client;
    expect([0, 1, 2, 5, 9].map((n) => low.delayFor(n))).toEqual([500, 1000, 2000, 15000, 15000]);
  });

  it('dispatches events by type and to "*" and ignores malformed ones', () => {
    const { client } = makeClient();
    const seen: string[] = [];
    client.on('appointment.updated', (event) => seen.push(`a:${event.appointmentId}`));
    client.on('*', (event) => seen.push(`*:${event.type}`));
    client.start();
    const socket = connectLast();
    const id = crypto.randomUUID();
    socket.receive({ type: 'appointment.updated', appointmentId: id });
    socket.receive({ type: 'appointment.updated' });
    socket.receive({ type: 'whatever' });
    socket.onmessage?.({ data: '{' });
    socket.receive({ type: 'wallet.updated' });
    expect(seen).toEqual([`a:${id}`, '*:appointment.updated', '*:wallet.updated']);
    client.stop();
  });

  it('emits resync after a reconnect, not on the first connect', () => {
    const { client } = makeClient();
    const resync = vi.fn();
    client.onResync(resync);
    client.start();
    connectLast();
    expect(resync).not.toHaveBeenCalled();
    last().drop();
    vi.advanceTimersByTime(1000);
    connectLast();
    expect(resync).toHaveBeenCalledTimes(1);
    client.stop();
  });

  it('on 4401 renews the token through the http client, then reconnects with the new one', async () => {
    const { client, refreshToken } = makeClient();
    client.start();
    connectLast().drop(EVENTS_CLOSE_UNAUTHORIZED);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    const socket = last();
    expect(FakeSocket.all).toHaveLength(2);
    socket.open();
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'token-2' });
    client.stop();
  });

  it('pings and reconnects when nothing comes back', () => {
    const { client } = makeClient({ pingIntervalMs: 1000, pongTimeoutMs: 500 });
    client.start();
    const socket = connectLast();
    vi.advanceTimersByTime(1000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(500);
    expect(socket.closedWith).toBe(4000);
    expect(client.state).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    client.stop();
  });

  it('does not connect without a token, and stop() prevents reconnects', () => {
    const none = makeClient({ getToken: () => null }).client;
    none.start();
    expect(FakeSocket.all).toHaveLength(0);
    expect(none.state).toBe('idle');
    const { client } = makeClient();
    client.start();
    const socket = connectLast();
    client.stop();
    socket.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('live query keys', () => {
  it('maps events to the query-key prefixes and resync invalidates them all', async () => {
    const queryClient = new QueryClient();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    expect(liveQueryKeys['appointment.updated']).toEqual([['appointments'], ['doctor-slots'], ['tokens'], ['messages']]);
    expect(liveQueryKeys['notification.created']).toEqual([['notifications']]);
    expect(liveQueryKeys['wallet.updated']).toEqual([['wallet']]);
    expect(liveQueryKeys['plan.updated']).toEqual([['plan']]);
    expect(liveQueryKeys['message.updated']).toEqual([['messages']]);
    expect(liveQueryKeys['booking.updated']).toContainEqual(['bookings']);
    expect(liveQueryKeys['token.updated']).toEqual([['tokens'], ['messages']]);
    await invalidateAllLive(queryClient);
    const keys = spy.mock.calls.map(([filters]) => filters?.queryKey);
    for (const prefix of [['appointments'], ['doctor-slots'], ['notifications'], ['wallet'], ['plan'], ['bookings'], ['tokens'], ['messages']]) expect(keys).toContainEqual(prefix);
  });
});
