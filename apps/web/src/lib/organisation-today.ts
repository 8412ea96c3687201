import { localDate, todayIn, zonedParts } from '@caredesk/shared';
import { useSyncExternalStore } from 'react';
import { getSessionUser, subscribeSession } from './session';

/**
 * The organisation's today (its time zone, from the stored user): the server counts every day
 * (slots, tokens, queues, what may be checked in) on that calendar, so the console must too, and a
 * page left open across the organisation's midnight must move to the new day by itself.
 */

/** The organisation's time zone, or undefined when signed out (then the machine's calendar). */
export function organisationTimeZone(): string | undefined {
  return getSessionUser()?.admin.timeZone;
}

/** Today as YYYY-MM-DD on the organisation's calendar at an instant. */
export function organisationToday(at: Date = new Date()): string {
  const zone = organisationTimeZone();
  return zone ? todayIn(zone, at) : localDate(at);
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The time of day (ms since midnight) on the wall clock of a zone at an instant. */
function wallClockMs(zone: string | undefined, at: Date): number {
  if (!zone) return at.getTime() - new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
  const { hour, minute, second } = zonedParts(zone, at);
  return ((hour * 60 + minute) * 60 + second) * 1000 + at.getMilliseconds();
}

/**
 * Milliseconds from an instant to the organisation's next midnight. A daylight-saving change can
 * make the real gap an hour shorter or longer; the timer below re-reads the day when it fires and
 * arms again if the day has not turned yet, so the hour only delays the roll-over, never loses it.
 */
export function msUntilOrganisationMidnight(at: Date = new Date()): number {
  return Math.max(1, DAY_MS - wallClockMs(organisationTimeZone(), at));
}

/**
 * Tells the listener when the organisation's day may have changed: a timer to the next midnight
 * (re-armed each time it fires), and, since timers sleep with a laptop lid or a background tab,
 * whenever the page becomes visible or gains focus again. Session changes (sign-in, a new time
 * zone from settings) count too.
 */
function subscribeToday(listener: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    // A little past midnight, so the clock reads the new day when the timer fires; capped at an
    // hour so that a clock changed by hand (or a zone change) is caught within the hour.
    timer = setTimeout(onTick, Math.min(msUntilOrganisationMidnight() + 50, HOUR_MS));
  };
  const onTick = () => {
    listener();
    arm();
  };
  const onWake = () => {
    if (document.visibilityState === 'hidden') return;
    listener();
    arm();
  };
  arm();
  document.addEventListener('visibilitychange', onWake);
  window.addEventListener('focus', onWake);
  const unsubscribeSession = subscribeSession(onWake);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onWake);
    window.removeEventListener('focus', onWake);
    unsubscribeSession();
  };
}

/** Today (YYYY-MM-DD) on the organisation's calendar; re-renders when its midnight passes. */
export function useOrganisationToday(): string {
  // A string snapshot: React compares by value, so only a new day re-renders.
  return useSyncExternalStore(
    subscribeToday,
    () => organisationToday(),
    () => organisationToday(),
  );
}
