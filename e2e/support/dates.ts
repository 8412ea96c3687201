import { test } from '@playwright/test';

/**
 * The demo organisations keep Asia/Kolkata, and the server counts their days there by its own
 * (real) clock: a test that picks a date picks it on India's calendar, never UTC's, which from
 * 18:30 UTC is still on the day before. India keeps UTC+05:30 all year, so whole days add exactly.
 */
const ORGANISATION_ZONE = 'Asia/Kolkata';
const DAY_MS = 86_400_000;

/** The date `days` after the organisations' today, YYYY-MM-DD. */
export function organisationDay(days = 0, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ORGANISATION_ZONE }).format(new Date(now.getTime() + days * DAY_MS));
}

/** Milliseconds until the organisations' next midnight. */
export function untilOrganisationMidnight(now = new Date()): number {
  const tomorrow = organisationDay(1, now);
  return Date.parse(`${tomorrow}T00:00:00+05:30`) - now.getTime();
}

/**
 * For a test that books into today and watches today's queue: a doctor seen 00:00–23:59 in
 * 5-minute slots has today's last slot at 23:50 (23:55 would end past 23:59), gone once it has
 * begun, and the queue turns over at midnight. Within `minutes` of the organisations' midnight
 * this waits until just after it (the test's time limit grows by the wait), so the test has a
 * whole day; at any other hour it returns at once. CI once ran it at 23:50:30 with 9 minutes
 * left under the old 8: no free slot.
 */
export async function awayFromOrganisationMidnight(minutes = 15): Promise<void> {
  const left = untilOrganisationMidnight();
  if (left > minutes * 60_000) return;
  const wait = left + 5_000;
  test.info().setTimeout(test.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}
