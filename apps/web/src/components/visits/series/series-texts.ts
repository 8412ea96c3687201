import type { SeriesChangeResult } from '@caredesk/shared';
import { enqueueSnackbar } from '@/components/toast';
import { fVisitDate } from '../visit-format';
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

/** After a whole-series change, a warning naming what could not change and why: '24 Nov 2026: This slot is full…; …'. */
export function warnNotChanged(result: SeriesChangeResult): void {
  if (result.refused.length === 0) return;
  const reasons = result.refused.map((item) => `${fVisitDate(item.date)}: ${item.message}`).join('; ');
  enqueueSnackbar(t('series.notChangedToast', { count: result.refused.length, reasons }), { variant: 'warning' });
}
