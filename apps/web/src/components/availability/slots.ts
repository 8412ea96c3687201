import { addDays, localDate, minutesOfDay, weekdayOf, type AvailabilityWindow, type DayWindow } from '@caredesk/shared';
import dayjs from 'dayjs';
import { addMinutes, formatPatterns } from '@/lib/format';

export interface DaySlots {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Sunday */
  weekday: number;
  status: 'leave' | 'unavailable' | 'open';
  /** Slot start times as HH:mm. */
  slots: string[];
  /** The day's hours differ from the week's (a day change). */
  changed?: boolean;
}

/** '09:00' -> '9:00 am' (SPEC.md §9 time format). */
export function fTimeOfDay(time: string): string {
  return dayjs(`2000-01-01T${time}`).format(formatPatterns.time);
}

/** Start times of the slots that fit whole in a window, slotMinutes apart. */
export function windowSlots(window: Pick<AvailabilityWindow, 'start' | 'end'>, slotMinutes: number): string[] {
  const slots: string[] = [];
  const end = minutesOfDay(window.end);
  if (slotMinutes <= 0) return slots;
  for (let offset = 0; minutesOfDay(window.start) + offset + slotMinutes <= end; offset += slotMinutes) {
    slots.push(addMinutes(window.start, offset));
  }
  return slots;
}

/**
 * The slots of the next `days` days from `from` (today first), from the weekly availability,
 * the slot length and the leave dates: a leave day has none ('leave'), a day without windows
 * is 'unavailable'. A date in `changedHours` takes those hours instead of its weekday's.
 */
export function upcomingSlots(
  availability: readonly AvailabilityWindow[],
  slotMinutes: number,
  leaveDates: readonly string[],
  from: Date = new Date(),
  days = 7,
  changedHours: ReadonlyMap<string, readonly DayWindow[]> = new Map(),
): DaySlots[] {
  return Array.from({ length: days }, (_, offset) => {
    const date = addDays(localDate(from), offset);
    const weekday = weekdayOf(date);
    if (leaveDates.includes(date)) return { date, weekday, status: 'leave', slots: [] };
    const changed = changedHours.get(date);
    const windows = [...(changed ?? availability.filter((window) => window.weekday === weekday))].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
    if (windows.length === 0) return { date, weekday, status: 'unavailable', slots: [], changed: Boolean(changed) };
    return { date, weekday, status: 'open', slots: windows.flatMap((window) => windowSlots(window, slotMinutes)), changed: Boolean(changed) };
  });
}
