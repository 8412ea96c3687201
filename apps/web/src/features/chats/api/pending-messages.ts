import type { ChatAttachment } from '@caredesk/shared';
import type { QueryClient } from '@tanstack/react-query';

/** A message staff sent that the server has not confirmed yet ('Sending…') or refused ('Not sent'). */
export interface PendingMessage {
  clientId: string;
  patientId: string;
  text: string;
  attachment: ChatAttachment | null;
  createdAt: string;
  status: 'sending' | 'failed';
  error?: string;
}

type Listener = () => void;
const NONE: readonly PendingMessage[] = [];

/**
 * Unconfirmed messages live beside the query cache, not in it: a live refetch of the thread
 * replaces the cached pages, and must not wipe a message that is still on its way.
 */
class PendingMessageStore {
  private byPatient = new Map<string, readonly PendingMessage[]>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  of(patientId: string): readonly PendingMessage[] {
    return this.byPatient.get(patientId) ?? NONE;
  }

  find(patientId: string, clientId: string): PendingMessage | undefined {
    return this.of(patientId).find((message) => message.clientId === clientId);
  }

  put(message: PendingMessage): void {
    const others = this.of(message.patientId).filter((item) => item.clientId !== message.clientId);
    this.set(message.patientId, [...others, message]);
  }

  remove(patientId: string, clientId: string): void {
    this.set(
      patientId,
      this.of(patientId).filter((item) => item.clientId !== clientId),
    );
  }

  private set(patientId: string, messages: readonly PendingMessage[]): void {
    this.byPatient.set(patientId, messages);
    for (const listener of this.listeners) listener();
  }
}

// One store per query client, so each console (and each test) has its own.
const stores = new WeakMap<QueryClient, PendingMessageStore>();

export function pendingStoreOf(queryClient: QueryClient): PendingMessageStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = new PendingMessageStore();
    stores.set(queryClient, store);
  }
  return store;
}
