import type { PatientWaitlistEntry } from '@caredesk/shared';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLiveEvents } from '@/lib/live-events';
import { useSession } from '@/lib/session';
import { listWaitlist } from './api/list-waitlist';

/** How many places are held for the account, and how many it has on waitlists at all (held or in line). */
export interface WaitlistSummary {
  offers: number;
  open: number;
}

/**
 * What the header and the home page show of the account's waitlist: read once when the app opens
 * (the header's link, mounted for the app's life, asks), then whatever the waitlist page read last,
 * so that taking or leaving a place there is seen everywhere without another request.
 */
let summary: (WaitlistSummary & { token: string }) | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function publishWaitlist(token: string, entries: PatientWaitlistEntry[]): void {
  const offers = entries.filter((entry) => entry.status === 'OFFERED').length;
  summary = { token, offers, open: offers + entries.filter((entry) => entry.status === 'WAITING').length };
  for (const listener of listeners) listener();
}

/** Reads the signed-in account's waitlist when the app opens or another phone signs in; a failure shows nothing. */
export function useLoadWaitlistSummary(): void {
  const token = useSession()?.accessToken ?? null;
  // A place offered while the app is open shows in the header at once, wherever the patient is:
  // only an account on a waitlist keeps the live connection open for it.
  const [offered, setOffered] = useState(0);
  const heard = useCallback(() => setOffered((count) => count + 1), []);
  const waiting = useSyncExternalStore(subscribe, () => (summary !== null && summary.token === token ? summary.open : 0));
  useLiveEvents(token !== null && waiting > 0, (event) => event.type === 'waitlist.updated', heard);
  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    listWaitlist(controller.signal).then(
      (entries) => {
        if (!controller.signal.aborted) publishWaitlist(token, entries);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [token, offered]);
}

/** The signed-in account's summary, once read; null before, when signed out, or for another account's. */
export function useWaitlistSummary(): WaitlistSummary | null {
  const session = useSession();
  const current = useSyncExternalStore(subscribe, () => summary);
  return session && current?.token === session.accessToken ? current : null;
}
