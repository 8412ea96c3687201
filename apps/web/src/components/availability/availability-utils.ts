import { minutesOfDay, type AvailabilityWindow } from '@caredesk/shared';
import { addMinutes } from '@/lib/format';

/** Inline messages per window index, from the form's errors for `availability`. */
export type WindowErrors = Record<number, { start?: string; end?: string }>;

function messageOf(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') return value.message;
  return undefined;
}

/**
 * react-hook-form keeps array errors as a sparse array of { start?, end? } errors (from the zod
 * resolver and from server issues like 'availability.1.start'); this flattens them for the editor.
 */
export function windowErrorsOf(fieldError: unknown): { windows: WindowErrors; message?: string } {
  const windows: WindowErrors = {};
  if (!fieldError || typeof fieldError !== 'object') return { windows };
  for (const [key, value] of Object.entries(fieldError)) {
    const index = Number(key);
    if (!Number.isInteger(index) || !value || typeof value !== 'object') continue;
    const start = messageOf((value as Record<string, unknown>).start);
    const end = messageOf((value as Record<string, unknown>).end);
    if (start || end) windows[index] = { start, end };
  }
  const root = (fieldError as Record<string, unknown>).root;
  return { windows, message: messageOf(fieldError) ?? messageOf(root) };
}

const LAST_MINUTE = 24 * 60 - 1;

/** A sensible next window for a day: after its last one, else 09:00–13:00. */
export function nextWindow(windows: readonly AvailabilityWindow[], weekday: number): AvailabilityWindow {
  const sameDay = windows.filter((window) => window.weekday === weekday);
  const latest = sameDay.reduce<AvailabilityWindow | undefined>((last, window) => (!last || minutesOfDay(window.end) > minutesOfDay(last.end) ? window : last), undefined);
  if (!latest) return { weekday, start: '09:00', end: '13:00' };
  // An hour's break after the last window, then three hours, kept within the day.
  const start = Math.min(minutesOfDay(latest.end) + 60, LAST_MINUTE - 30);
  const end = Math.min(start + 180, LAST_MINUTE);
  return { weekday, start: addMinutes('00:00', start), end: addMinutes('00:00', end) };
}

/** The schedule with every target day's windows replaced by copies of the source day's. */
export function copyDay(windows: readonly AvailabilityWindow[], from: number, to: readonly number[]): AvailabilityWindow[] {
  const source = windows.filter((window) => window.weekday === from);
  const kept = windows.filter((window) => !to.includes(window.weekday));
  return [...kept, ...to.flatMap((weekday) => source.map((window) => ({ ...window, weekday })))];
}
