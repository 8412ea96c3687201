import type { SeriesBookedResult } from './repeat-plan';
import { t } from './i18n';

/** The booking dialog's button with Repeat on: 'Book 4 visits'. */
export const bookSeriesLabel = (count: number): string => t('series.book', { count });

/** The toast after a series is booked: all of it, or how many dates could not be. */
export function seriesBookedToast(result: SeriesBookedResult): { message: string; variant: 'success' | 'warning' } {
  const booked = result.visits.length;
  const skipped = result.skipped.length;
  return skipped > 0 ? { message: t('series.bookedSomeToast', { booked, skipped }), variant: 'warning' } : { message: t('series.bookedToast', { booked }), variant: 'success' };
}
