import { addDays } from '@caredesk/shared';
import dayjs from 'dayjs';
import { fDate, fRupees, formatPatterns } from '@/lib/format';
import { organisationToday } from '@/lib/organisation-today';

/** '09:30' or '09:30:00' -> '9:30 am' (SPEC.md §9 time format). */
export function fTimeOfDay(time: string): string {
  const day = dayjs(`2000-01-01T${time.slice(0, 5)}`);
  return day.isValid() ? day.format(formatPatterns.time) : time;
}

/** '2026-11-22' -> '22 Nov 2026'. */
export const fVisitDate = (date: string) => fDate(date);

/** A fee or price held in paise, as rupees. */
export const fFee = (paise: number) => fRupees(paise / 100);

/**
 * Today (or `days` from today) as YYYY-MM-DD on the organisation's calendar (its time zone, from
 * the stored user), as the server counts days: slots, tokens and queues are the organisation's.
 */
export function isoDay(days = 0): string {
  return addDays(organisationToday(), days);
}
