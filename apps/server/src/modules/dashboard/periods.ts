import { addDays, startOfWeek, zonedNow } from '@caredesk/shared';

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
    weekStart: startOfWeek(today),
  };
}
