import { afterAll, beforeAll } from 'vitest';

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
const RealDate = Date;

/**
 * A Date running at the real clock's pace, `offset` ms away from it: every reading is distinct to
 * the millisecond as a real clock's is (the queue's undo compares updated_at to the millisecond;
 * a fake clock that advances in 20 ms ticks stamps two quick changes alike). Only Date changes:
 * Fastify, the database drivers and the event bus keep their real timers.
 */
function offsetDate(offset: number): DateConstructor {
  class PinnedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [number]));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
    // Dates made before the pin (or by code holding the real Date) are still Dates.
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  }
  return PinnedDate as DateConstructor;
}

function install(at: Date): void {
  globalThis.Date = offsetDate(at.getTime() - RealDate.now());
}

/**
 * Pins the clock to `time` in India for the enclosing describe, from its first beforeAll (register
 * this before the suite's own hooks) to its afterAll. Nests: an inner suite's pin gives the outer
 * suite its clock back when it ends.
 */
export function pinClockAt(wall: WallTime): void {
  beforeAll(() => {
    const pin = { at: todayInIndiaAt(wall.time, new RealDate()), since: RealDate.now() };
    pins.push(pin);
    install(pin.at);
  });
  afterAll(() => {
    pins.pop();
    const outer = pins.at(-1);
    if (outer) install(new RealDate(outer.at.getTime() + (RealDate.now() - outer.since)));
    else globalThis.Date = RealDate;
  });
}

/**
 * Runs `work` with the clock moved to `at` (running on from there), then gives the clock back:
 * what happens later, such as a reminder falling due, without waiting for it. Only Date moves, as
 * with pinClockAt; PGlite reads it too, PostgreSQL keeps its own.
 */
export async function atTime<T>(at: Date, work: () => Promise<T>): Promise<T> {
  const previous = globalThis.Date;
  install(at);
  try {
    return await work();
  } finally {
    globalThis.Date = previous;
  }
}
