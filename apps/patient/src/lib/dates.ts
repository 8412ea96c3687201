/**
 * Calendar dates (YYYY-MM-DD) and times of day (HH:mm) as the API gives them: in the
 * organisation's time zone. 'Today' is always the organisation's today (style.md), not the phone's.
 */

/** The date it is now in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A date `days` later (or earlier), on the plain calendar. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Every date from `first` to `last`, both included. */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** How far a zone is ahead of UTC at an instant, in milliseconds (IST: +5:30). */
function offsetAt(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock date and time in a zone stands for: the wall time read as UTC, less
 * the zone's offset, checked once more at the result for zones whose offset changes (DST).
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let instant = wall - offsetAt(timeZone, wall);
  const corrected = wall - offsetAt(timeZone, instant);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}
