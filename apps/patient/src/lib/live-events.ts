import type { AppEvent } from '@caredesk/shared';
import { useEffect, useRef } from 'react';
import { clearSession, currentSession } from './session';

/**
 * One WebSocket to /api/patient/events for the whole app, open while anything listens and the
 * patient is signed in. It authenticates in its first message (never in the URL: addresses end up
 * in logs), reconnects with backoff after a drop, pings so a dead link on a weak signal is noticed,
 * and says 'resync' after a reconnect so screens refetch what they may have missed. Events carry
 * ids only; screens refetch what they show. The shared values are written out here rather than
 * imported: a value import from @caredesk/shared would bring zod into the first page.
 */
const PATH = '/api/patient/events';
/** EVENTS_HEARTBEAT_MS and EVENTS_CLOSE_UNAUTHORIZED in packages/shared/src/events.ts. */
const HEARTBEAT_MS = 25_000;
const PONG_TIMEOUT_MS = 10_000;
const CLOSE_UNAUTHORIZED = 4401;
const MIN_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** An event of the socket, or 'resync' after a reconnect (anything may have been missed). */
export type LiveEvent = AppEvent | { type: 'resync' };
type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let attempt = 0;
let everReady = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let pongTimer: ReturnType<typeof setTimeout> | undefined;

function emit(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

function stopTimers(): void {
  clearTimeout(retryTimer);
  clearInterval(pingTimer);
  clearTimeout(pongTimer);
  retryTimer = pingTimer = pongTimer = undefined;
}

/** 1 s doubling to 30 s, the upper half jittered so a ward of phones does not reconnect at once. */
export function reconnectDelay(n: number, random = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** n);
  return Math.round(base / 2 + (random() * base) / 2);
}

function scheduleReconnect(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, reconnectDelay(attempt));
  attempt += 1;
}

function drop(current: WebSocket): void {
  current.onopen = current.onmessage = current.onclose = current.onerror = null;
  current.close();
}

function connect(): void {
  const session = currentSession();
  if (listeners.size === 0 || !session) return;
  const url = new URL(PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const current = new WebSocket(url.toString());
  socket = current;
  current.onopen = () => current.send(JSON.stringify({ type: 'auth', token: session.accessToken }));
  current.onmessage = (message) => {
    clearTimeout(pongTimer);
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    if (!data || typeof data !== 'object' || typeof (data as { type?: unknown }).type !== 'string') return;
    const event = data as { type: string };
    if (event.type === 'pong') return;
    if (event.type === 'ready') {
      attempt = 0;
      if (everReady) emit({ type: 'resync' });
      everReady = true;
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        current.send(JSON.stringify({ type: 'ping' }));
        pongTimer = setTimeout(() => {
          // Silence: the link is dead though the phone has not noticed. Start again.
          drop(current);
          socket = null;
          scheduleReconnect();
        }, PONG_TIMEOUT_MS);
      }, HEARTBEAT_MS);
      return;
    }
    emit(event as AppEvent);
  };
  current.onerror = () => undefined;
  current.onclose = (closed) => {
    if (socket !== current) return;
    socket = null;
    stopTimers();
    // The session ended (signed out elsewhere, expired): a patient token is not renewed, so the
    // app forgets it and shows sign-in rather than knocking forever.
    if (closed.code === CLOSE_UNAUTHORIZED) {
      clearSession();
      return;
    }
    scheduleReconnect();
  };
}

function disconnect(): void {
  stopTimers();
  if (socket) drop(socket);
  socket = null;
  attempt = 0;
  everReady = false;
}

/** Listens to the patient's live events; the socket opens with the first listener, closes with the last. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  if (!socket && retryTimer === undefined) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/**
 * Calls `onEvent` for the live events `matches` accepts, and for 'resync'; while `enabled`.
 * The latest callbacks are used without re-subscribing on every render.
 */
export function useLiveEvents(enabled: boolean, matches: (event: AppEvent) => boolean, onEvent: () => void): void {
  const latest = useRef({ matches, onEvent });
  latest.current = { matches, onEvent };
  useEffect(() => {
    if (!enabled) return;
    return subscribeLive((event) => {
      if (event.type === 'resync' || latest.current.matches(event)) latest.current.onEvent();
    });
  }, [enabled]);
}
