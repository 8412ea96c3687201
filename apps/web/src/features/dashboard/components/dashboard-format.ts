import type { Dashboard } from '@caredesk/shared';
import dayjs from 'dayjs';
import { fRupees } from '@/lib/format';

/** Money arrives in paise: '₹1,23,456.70' (Indian grouping, two decimals). */
export const fPaise = (paise: number) => fRupees(paise / 100);

/** '2026-03-09' -> '09 Mar', the chart's day label (the year is implied by "last 30 days"). */
export const fChartDay = (date: string) => dayjs(date).format('DD MMM');

/** No visit in the last 30 days: the charts would be flat lines, so a note stands in for them. */
export function hasNoHistory(dashboard: Dashboard): boolean {
  return dashboard.daily.every((day) => day.appointments + day.bookings === 0);
}
