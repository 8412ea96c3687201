import { afterAll, beforeAll, vi } from 'vitest';

/**
 * The server counts days on the organisation's calendar (Asia/Kolkata by default), from the
 * process clock: every "now" it reads is `new Date()` (slots, queues, dashboard periods, the
 * patients' age bands). Tests pin that clock here instead of adding a clock to the app.
 *
 * The pinned instant is a wall time on India's real today, not a fixed date: PostgreSQL stamps
 * rows with its own clock (now(), created_at defaults), which a test cannot move, and those rows
 * must fall on the same day in India as the server's today. (PGlite runs in the process and reads
 * the pinned clock too.) Tokens are signed by the pinned clock, so sign in after pinning.
 */

/** India keeps UTC+05:30 all year, so its calendar is UTC's shifted by 330 minutes. */
const INDIA_OFFSET_MS = 330 * 60_000;

/** India's calendar date (YYYY-MM-DD) at an instant, worked out without the app's date code. */
export function indiaDate(at: Date = new Date()): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The date `days` after India's today by the (pinned) clock. */
export function indiaDay(days = 0): string {
  const today = indiaDate();
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface WallTime {
  /** Shown in the suite's name, so a failure says which hour it failed at. */
  label: string;
  /** HH:mm in India. */
  time: string;
}

export const MID_MORNING: WallTime = { label: '10:30 IST', time: '10:30' };
/** Five minutes before India's midnight: the last slots of the day have passed. */
export const BEFORE_MIDNIGHT: WallTime = { label: '23:55 IST', time: '23:55' };
/** Five minutes after: UTC (18:35) is still on the day before, so a "today" from UTC is a day behind. */
export const AFTER_MIDNIGHT: WallTime = { label: '00:05 IST (18:35 UTC the day before)', time: '00:05' };

export const MIDNIGHT_TIMES: WallTime[] = [BEFORE_MIDNIGHT, AFTER_MIDNIGHT];
/** The times the suites about days, lists and queues run at. */
export const DAY_TIMES: WallTime[] = [MID_MORNING, ...MIDNIGHT_TIMES];

/** The instant at `time` in India on India's real today. */
export function todayInIndiaAt(time: string, now: Date = new Date()): Date {
  return new Date(`${indiaDate(now)}T${time}:00+05:30`);
}

interface Pin {
  at: Date;
  /** Real time when pinned, so a suite that got its clock back continues from where it was. */
  since: number;
}
const pins: Pin[] = [];
let realNow: () => number = Date.now;

function install(at: Date): void {
  // Only Date: Fastify, the database drivers and the event bus keep their real timers. The clock
  // runs on from the pinned instant, so rows written one after another still get ordered stamps.
  vi.useFakeTimers({ toFake: ['Date'], now: at, shouldAdvanceTime: true });
}

/**
 * Pins the clock to `time` in India for the enclosing describe, from its first beforeAll (register
 * this before the suite's own hooks) to its afterAll. Nests: an inner suite's pin gives the outer
 * suite its clock back when it ends.
 */
export function pinClockAt(wall: WallTime): void {
  beforeAll(() => {
    if (pins.length === 0) realNow = Date.now;
    const pin = { at: todayInIndiaAt(wall.time, new Date(realNow())), since: realNow() };
    pins.push(pin);
    install(pin.at);
  });
  afterAll(() => {
    const ended = pins.pop();
    const outer = pins.at(-1);
    if (!outer || !ended) {
      vi.useRealTimers();
      return;
    }
    install(new Date(outer.at.getTime() + (realNow() - outer.since)));
  });
}
