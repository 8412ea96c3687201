import type { PatientWaitlistEntry } from '@caredesk/shared';
import { useEffect, useRef, useState } from 'react';

export type Entry = PatientWaitlistEntry;

/** A hold's end is an instant: shown on India's clock, as the app's clinics and their patients keep it (visit.ts's today). */
export const HOLD_TIME_ZONE = 'Asia/Kolkata';

/** The page's three parts: places held now, places in line, and what became of the rest (latest day first). */
export function splitWaitlist(entries: Entry[]): { offers: Entry[]; waiting: Entry[]; outcomes: Entry[] } {
  const offers = entries.filter((entry) => entry.status === 'OFFERED' && entry.offer !== null);
  const waiting = entries.filter((entry) => entry.status === 'WAITING');
  const outcomes = entries.filter((entry) => entry.status !== 'OFFERED' && entry.status !== 'WAITING');
  outcomes.sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt));
  return { offers, waiting, outcomes };
}

/** The clock, read again every `everyMs` while `active`: what a countdown shows. */
export function useNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

/** How often the page asks again while a place is held: the hold may lapse or be taken at the desk. */
export const OFFER_REFRESH_MS = 30_000;

/**
 * Calls `reload` when the patient comes back to the page (another app, a locked screen: an offer
 * may have come or gone meanwhile), and every OFFER_REFRESH_MS while `polling`.
 */
export function useRefresh(reload: () => void, polling: boolean): void {
  const last = useRef(0);
  useEffect(() => {
    // Coming back to a tab fires both events: one read is enough.
    const again = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last.current < 1000) return;
      last.current = Date.now();
      reload();
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
    };
  }, [reload]);
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(reload, OFFER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, polling]);
}
