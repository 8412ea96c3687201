import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Stands in for the patient socket: every WebSocket the app opens is kept, opens at once, answers
 * the auth message with 'ready', and a test pushes server events with `emit`.
 */
export class FakeSocket {
  static readonly all: FakeSocket[] = [];
  readonly sent: unknown[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }

  send(data: string): void {
    const message = JSON.parse(data) as { type: string };
    this.sent.push(message);
    if (message.type === 'auth') queueMicrotask(() => this.onmessage?.({ data: JSON.stringify({ type: 'ready' }) }));
  }

  close(): void {
    this.readyState = 3;
  }
}

export function installFakeSocket(): void {
  FakeSocket.all.length = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
}

/** Delivers a server event to every open socket. */
export async function emit(event: Record<string, unknown>): Promise<void> {
  await act(async () => {
    for (const socket of FakeSocket.all.filter((s) => s.readyState === 1)) socket.onmessage?.({ data: JSON.stringify(event) });
  });
}
