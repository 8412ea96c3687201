import dayjs from 'dayjs';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The console counts days on the organisation's calendar (the stored user's admin.timeZone,
 * Asia/Kolkata in the fixtures), never the machine's. A test that works out "today" from the
 * machine's clock passes by day and fails from 18:30 UTC (midnight in India) on, so every
 * date-dependent test pins the clock here and reads its days from the pinned instant.
 */

/** India keeps UTC+05:30 all year (no daylight saving), so a wall time there is one instant. */
const INDIA_OFFSET = '+05:30';

/** The instant at a wall-clock date and time in India. */
export function inIndia(date: string, time: string): Date {
  return new Date(`${date}T${time}:00${INDIA_OFFSET}`);
}

/** The calendar date in India at an instant, worked out without the console's own date code. */
export function indiaDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

export interface Instant {
  /** Shown in the suite's name, so a failure says which hour it failed at. */
  label: string;
  at: Date;
  /** India's week (Monday to Sunday) at the instant, written out rather than computed. */
  week: { from: string; to: string };
}

/** A Wednesday mid-morning: the plain case. */
export const MID_MORNING: Instant = { label: 'Wed 25 Nov 2026 10:30 IST', at: inIndia('2026-11-25', '10:30'), week: { from: '2026-11-23', to: '2026-11-29' } };

/**
 * Five minutes before and after midnight in India, where a week and a month also end: at 00:05 on
 * Monday 1 June in India it is still Sunday 31 May (18:35) in UTC, so a test that takes "today"
 * from UTC (or the machine's zone) is a day, a week and a month behind at once.
 */
export const BEFORE_MIDNIGHT: Instant = {
  label: 'Sun 31 May 2026 23:55 IST',
  at: inIndia('2026-05-31', '23:55'),
  week: { from: '2026-05-25', to: '2026-05-31' },
};
export const AFTER_MIDNIGHT: Instant = {
  label: 'Mon 1 Jun 2026 00:05 IST (Sun 18:35 UTC)',
  at: inIndia('2026-06-01', '00:05'),
  week: { from: '2026-06-01', to: '2026-06-07' },
};

/** The instants the suites about days, lists, calendars and queues run at. */
export const DAY_INSTANTS: Instant[] = [MID_MORNING, BEFORE_MIDNIGHT, AFTER_MIDNIGHT];

export interface PinnedClock {
  at: Date;
  /** Today in India at the pinned instant, YYYY-MM-DD. */
  today: string;
  /** `offset` days from today in India, YYYY-MM-DD. */
  day(offset: number): string;
}

/** The days around an instant, without pinning anything. */
export function daysAt(at: Date): PinnedClock {
  const today = indiaDate(at);
  return { at, today, day: (offset) => dayjs(today).add(offset, 'day').format('YYYY-MM-DD') };
}

/**
 * Pins Date (only Date: React Query, user-event, MUI and debounces keep real timers) to `at` for
 * each test of the enclosing suite. The clock runs on from there as a real one does, so code
 * that measures elapsed time still sees time pass; a test lasts seconds, far from the next midnight.
 */
export function pinClock(at: Date): PinnedClock {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: at, shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return daysAt(at);
}
