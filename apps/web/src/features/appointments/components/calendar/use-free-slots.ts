import type { Slot } from '@caredesk/shared';
import { useQueries } from '@tanstack/react-query';
// eslint-disable-next-line no-restricted-imports -- this feature's own api/ (see use-calendar-data.ts)
import { doctorSlotsQueryOptions } from '../../api/get-doctor-slots';

/** A doctor's day on the grid: a column of the day view, or a day of the week view. */
export interface DoctorDay {
  doctorId: string;
  date: string;
}

const NONE: readonly Slot[] = [];

/**
 * The free slots of each doctor's day shown, from the same query the booking dialog's slot picker
 * reads (['doctor-slots', doctorId, date], refreshed by live updates): a cell offers only a slot
 * the server would book now. Days before `today` have none and are not asked for.
 */
export function useFreeSlots(days: readonly DoctorDay[], today: string) {
  const asked = days.filter((day) => day.date >= today);
  const results = useQueries({ queries: asked.map((day) => doctorSlotsQueryOptions(day.doctorId, day.date)) });
  const byDay = new Map<string, readonly Slot[]>();
  const fullByDay = new Map<string, readonly Slot[]>();
  // A day whose slots could not be read offers nothing to click: the dialog is still a button away.
  asked.forEach((day, index) => {
    const data = results[index]?.data;
    byDay.set(`${day.doctorId}|${day.date}`, data?.slots ?? NONE);
    // The desk's full slots, while the day has extras left: a visit may be dropped there as one.
    if (data?.extras && data.extras.left > 0) fullByDay.set(`${day.doctorId}|${day.date}`, data.full ?? NONE);
  });
  return {
    of: (doctorId: string, date: string) => byDay.get(`${doctorId}|${date}`) ?? NONE,
    /** The full slots a visit may still move into as an extra (none when the day's extras are all taken). */
    fullOf: (doctorId: string, date: string) => fullByDay.get(`${doctorId}|${date}`) ?? NONE,
    pending: results.some((result) => result.isPending),
  };
}
