import { LiveEventsClient, type WebSocketLike } from '@/lib/events';

/** A stand-in for the browser WebSocket of the live channel: the test opens and feeds it by hand. */
export class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = [];
  static last(): FakeSocket {
    return FakeSocket.all.at(-1)!;
  }
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
  }
  /** The server accepts the connection and its auth message. */
  ready(): void {
    this.readyState = 1;
    this.onopen?.({});
    this.receive({ type: 'ready' });
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** A live-events client whose sockets are FakeSockets (FakeSocket.all is reset). */
export function fakeLiveEventsClient(): LiveEventsClient {
  FakeSocket.all = [];
  return new LiveEventsClient({
    url: 'ws://console.test/api/events',
    getToken: () => 'access-token',
    refreshToken: async () => undefined,
    createSocket: () => new FakeSocket(),
  });
}
