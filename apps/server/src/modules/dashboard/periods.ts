import { weekdayOf, zonedNow } from '../visits/index.js';

/** The dashboard's days, all calendar dates (YYYY-MM-DD) in the organisation's time zone. */
export interface DashboardPeriods {
  today: string;
  /** HH:mm now: today's visits from this minute on are still upcoming. */
  time: string;
  /** The first of the 30 days that end today. */
  last30From: string;
  monthStart: string;
  /** This week's Monday. */
  weekStart: string;
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * Computed once per request from one clock, so every figure agrees on what today is even when
 * the request straddles midnight.
 */
export function dashboardPeriods(timeZone: string, now: Date): DashboardPeriods {
  const { date: today, time } = zonedNow(timeZone, now);
  return {
    today,
    time,
    last30From: addDays(today, -29),
    monthStart: `${today.slice(0, 8)}01`,
    // weekdayOf counts from Sunday (0); a week here starts on Monday.
    weekStart: addDays(today, -((weekdayOf(today) + 6) % 7)),
  };
}
