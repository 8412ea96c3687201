import { addDays, startOfWeek } from '@caredesk/shared';
import { organisationToday } from '@/lib/organisation-today';
import { t } from './i18n';

export interface DateRange {
  from: string;
  to: string;
}

/** Monday to Sunday of the week holding `date` (YYYY-MM-DD). */
export function weekAround(date: string): DateRange {
  const monday = startOfWeek(date);
  return { from: monday, to: addDays(monday, 6) };
}

/** The quick ranges of a visit list: today, tomorrow, this week (Monday to Sunday), from the organisation's today. */
export function quickRanges(today: string = organisationToday()): { label: string; range: DateRange }[] {
  const tomorrow = addDays(today, 1);
  return [
    { label: t('visits.quick.today'), range: { from: today, to: today } },
    { label: t('visits.quick.tomorrow'), range: { from: tomorrow, to: tomorrow } },
    { label: t('visits.quick.thisWeek'), range: weekAround(today) },
  ];
}

/**
 * Where a list's dates go when the organisation's day turns from `before` to `after` with the page
 * open. A list on 'Today' (from = to = the old today, or `to` left out) moves to the new today, and
 * one on 'This week' to the new week once the week has ended; any other date was chosen and stays
 * (null). A list with no dates in its URL follows today by itself.
 */
export function rangeAfterMidnight(range: { from?: string; to?: string }, before: string, after: string): { from: string; to: string | null } | null {
  const { from, to } = range;
  if (!from) return null;
  if (from === before && (!to || to === before)) return { from: after, to: to ? after : null };
  const week = weekAround(before);
  const next = weekAround(after);
  if (from === week.from && to === week.to && next.from !== week.from) return next;
  return null;
}
