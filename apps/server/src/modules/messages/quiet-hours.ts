import { localDateTimeToInstant, addDays, minutesOfDay, zonedNow } from '@caredesk/shared';

/**
 * When quiet hours end, if `at` falls inside them on the organisation's clock; undefined when it
 * does not. Hours may run past midnight (21:00–08:00) or not (13:00–14:00); equal start and end
 * mean none.
 */
export function quietUntil(quiet: { start: string; end: string }, timeZone: string, at: Date): Date | undefined {
  const start = minutesOfDay(quiet.start);
  const end = minutesOfDay(quiet.end);
  if (start === end) return undefined;
  const now = zonedNow(timeZone, at);
  const minute = minutesOfDay(now.time);
  const overnight = start > end;
  const inside = overnight ? minute >= start || minute < end : minute >= start && minute < end;
  if (!inside) return undefined;
  // After midnight (or a same-day window) they end today; before midnight, tomorrow.
  const endDate = overnight && minute >= start ? addDays(now.date, 1) : now.date;
  return localDateTimeToInstant(timeZone, endDate, quiet.end);
}
