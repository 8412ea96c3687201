import type { PatientSession } from '@caredesk/shared';
import { useSyncExternalStore } from 'react';

/** The signed-in patient on this phone: the API token, when it ends, and the phone it is for. */
export interface Session {
  accessToken: string;
  expiresAt: string;
  phone: string;
}

const STORAGE_KEY = 'caredesk.patient.session';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

function read(): Session | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed = raw ? (JSON.parse(raw) as Partial<Session>) : null;
      cached = parsed && typeof parsed.accessToken === 'string' && typeof parsed.expiresAt === 'string' && typeof parsed.phone === 'string' ? (parsed as Session) : null;
    } catch {
      cached = null;
    }
  }
  return cached && Date.parse(cached.expiresAt) > Date.now() ? cached : null;
}

function notify() {
  for (const listener of listeners) listener();
}

export function currentSession(): Session | null {
  return read();
}

export function saveSession(session: PatientSession): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, phone: session.account.phone } satisfies Session));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, read, read);
}
