import { EVENTS_CLOSE_UNAUTHORIZED, EVENTS_HEARTBEAT_MS, appEventSchema, type AppEvent, type AppEventOf, type AppEventType } from '@caredesk/shared';

/** idle: not started (signed out); connecting: first attempt; connected: authenticated; reconnecting: after a drop. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

/** The part of the browser WebSocket the client uses, so tests can pass a fake class. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

export interface LiveEventsOptions {
  url: string;
  /** The current access token (lib/session). */
  getToken: () => string | null;
  /** Renews the access token through the http client; rejects when the session has ended. */
  refreshToken: () => Promise<unknown>;
  createSocket?: WebSocketFactory;
  /** First reconnect delay and cap: 1 s doubling to 30 s, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** The client pings this often and reconnects when nothing came back within pongTimeoutMs. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  random?: () => number;
}

type Handler<T extends AppEventType> = (event: AppEventOf<T>) => void;

/** `${origin with ws/wss}${apiBase}/events`, or the absolute base's own origin when apiBase is a URL. */
export function eventsUrl(apiBase: string, location: { href: string } = window.location): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}/events`, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * One shared connection to WebSocket /api/events (design.md §6): authenticates in the first
 * message, reconnects with exponential backoff and jitter after a drop, renews an expired token
 * (close 4401) before reconnecting, and emits 'resync' on every reconnect so the app refetches
 * what it may have missed while away.
 */
export class LiveEventsClient {
  private socket: WebSocketLike | undefined;
  private running = false;
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private currentState: ConnectionState = 'idle';
  private readonly handlers = new Map<AppEventType | '*', Set<(event: AppEvent) => void>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly stateListeners = new Set<() => void>();
  private readonly options: Required<Omit<LiveEventsOptions, 'createSocket'>> & { createSocket: WebSocketFactory };

  constructor(options: LiveEventsOptions) {
    this.options = {
      minDelayMs: 1000,
      maxDelayMs: 30_000,
      pingIntervalMs: EVENTS_HEARTBEAT_MS,
      pongTimeoutMs: 10_000,
      random: Math.random,
      createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
      ...options,
    };
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  /** Connects (when not already running). Call when signed in. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.everConnected = false;
    this.connect();
  }

  /** Disconnects and forgets; call on sign-out. */
  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onopen = null;
      socket.close(1000, 'signed out');
    }
    this.setState('idle');
  }

  /** Subscribes to one event type, or '*' for all; returns the unsubscribe. */
  on<T extends AppEventType>(type: T, handler: Handler<T>): () => void;
  on(type: '*', handler: (event: AppEvent) => void): () => void;
  on(type: AppEventType | '*', handler: (event: never) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    const entry = handler as (event: AppEvent) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Called after every reconnect: refetch whatever events may have been missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  onStateChange(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** The delay before reconnect attempt n (0-based): min·2ⁿ capped at max, the upper half jittered. */
  delayFor(attempt: number): number {
    const { minDelayMs, maxDelayMs, random } = this.options;
    const base = Math.min(maxDelayMs, minDelayMs * 2 ** attempt);
    return Math.round(base / 2 + (random() * base) / 2);
  }

  private setState(state: ConnectionState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const listener of [...this.stateListeners]) listener();
  }

  private connect(): void {
    if (!this.running) return;
    const token = this.options.getToken();
    if (!token) {
      this.setState('idle');
      this.running = false;
      return;
    }
    this.setState(this.everConnected || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let socket: WebSocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: this.options.getToken() ?? token }));
    socket.onmessage = (message) => {
      if (this.socket === socket) this.receive(message.data);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.stopHeartbeat();
      if (!this.running) return;
      this.setState('reconnecting');
      if (event.code === EVENTS_CLOSE_UNAUTHORIZED) {
        // The token expired (or the session ended): renew it, then reconnect. A failed renewal
        // ends the session through the http client, and the provider stops this client.
        this.options.refreshToken().then(
          () => this.scheduleReconnect(),
          () => this.scheduleReconnect(),
        );
        return;
      }
      this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    this.armPongTimeout(false);
    if (!message || typeof message !== 'object' || !('type' in message)) return;
    if (message.type === 'ready') {
      const reconnected = this.everConnected;
      this.everConnected = true;
      this.attempt = 0;
      this.setState('connected');
      this.startHeartbeat();
      if (reconnected) for (const listener of [...this.resyncListeners]) listener();
      return;
    }
    if (message.type === 'pong') return;
    const parsed = appEventSchema.safeParse(message);
    if (!parsed.success) return;
    const event = parsed.data;
    for (const key of [event.type, '*'] as const) {
      for (const handler of [...(this.handlers.get(key) ?? [])]) handler(event);
    }
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    clearTimeout(this.retryTimer);
    const delay = this.delayFor(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Browsers hide protocol pings, so the client pings too and treats silence as a dead link. */
  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.pingTimer = setInterval(() => {
      this.socket?.send(JSON.stringify({ type: 'ping' }));
      this.armPongTimeout(true);
    }, this.options.pingIntervalMs);
  }

  private armPongTimeout(arm: boolean): void {
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
    if (!arm) return;
    this.pongTimer = setTimeout(() => {
      // No answer: drop this socket and reconnect (with backoff) as after any other drop.
      const socket = this.socket;
      socket?.close(4000, 'heartbeat timeout');
      socket?.onclose?.({ code: 4000 });
    }, this.options.pongTimeoutMs);
  }

  private stopHeartbeat(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.armPongTimeout(false);
  }
}
