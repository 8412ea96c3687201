import dayjs from 'dayjs';
import { isoDay } from './visit-format';

export interface DateRange {
  from: string;
  to: string;
}

/** The quick ranges of a visit list: today, tomorrow, this week (Monday to Sunday). */
export function quickRanges(): { label: string; range: DateRange }[] {
  const today = dayjs(isoDay());
  const monday = today.subtract((today.day() + 6) % 7, 'day');
  return [
    { label: 'Today', range: { from: isoDay(), to: isoDay() } },
    { label: 'Tomorrow', range: { from: isoDay(1), to: isoDay(1) } },
    { label: 'This week', range: { from: monday.format('YYYY-MM-DD'), to: monday.add(6, 'day').format('YYYY-MM-DD') } },
  ];
}
