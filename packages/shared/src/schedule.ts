import { z } from 'zod';

/** HH:mm, 24-hour, in the organisation's time zone (design.md §5). */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm, e.g. 09:30');
/** YYYY-MM-DD. */
export const isoDateSchema = z.iso.date({ message: 'Use a date as YYYY-MM-DD' });

/** 0 = Sunday … 6 = Saturday, as Date#getDay and dayjs#day count. */
export const weekdaySchema = z.number().int().min(0).max(6);
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The order a front desk reads a week in. */
export const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

export const availabilityWindowSchema = z.object({
  weekday: weekdaySchema,
  start: timeOfDaySchema,
  end: timeOfDaySchema,
});
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;

export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * A weekly schedule: several windows a day, each ending after it starts, none overlapping
 * another window of the same day. Issues name the offending window so forms can point at it.
 */
export const weeklyAvailabilitySchema = z
  .array(availabilityWindowSchema)
  .max(70)
  .superRefine((windows, ctx) => {
    windows.forEach((window, index) => {
      if (minutesOfDay(window.end) <= minutesOfDay(window.start)) {
        ctx.addIssue({ code: 'custom', path: [index, 'end'], message: 'End time must be after the start time' });
      }
    });
    windows.forEach((window, index) => {
      const overlaps = windows.some(
        (other, otherIndex) =>
          otherIndex < index && other.weekday === window.weekday && minutesOfDay(window.start) < minutesOfDay(other.end) && minutesOfDay(other.start) < minutesOfDay(window.end),
      );
      if (overlaps) ctx.addIssue({ code: 'custom', path: [index, 'start'], message: 'This window overlaps another on the same day' });
    });
  });
export type WeeklyAvailability = z.infer<typeof weeklyAvailabilitySchema>;

export const leaveDatesSchema = z.array(isoDateSchema).max(366);
