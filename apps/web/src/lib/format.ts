import { CURRENCY, EMPTY_DATE_ISO } from '@caredesk/shared';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** SPEC.md §9 date formats. */
export const formatPatterns = {
  date: 'DD MMM YYYY',
  dateTime: 'DD MMM YYYY h:mm a',
  time: 'h:mm a',
  /** The header clock's, to the second. */
  clockTime: 'h:mm:ss a',

  chatDate: 'dddd, MMMM D, YYYY',
  reverseDate: 'YYYY-MM-DD',
} as const;

export type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

const EMPTY = '-';
const EMPTY_DATE_MS = Date.parse(EMPTY_DATE_ISO);

/** A valid date, or null for missing, unparsable, and the API's 1970-01-01 "no date" value. */
function toDay(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const day = dayjs(value);
  if (!day.isValid() || day.valueOf() === EMPTY_DATE_MS) return null;
  return day;
}

function formatWith(pattern: string) {
  return (value: DateInput): string => toDay(value)?.format(pattern) ?? EMPTY;
}

export const fDate = formatWith(formatPatterns.date);
export const fDateTime = formatWith(formatPatterns.dateTime);
export const fTime = formatWith(formatPatterns.time);
export const fChatDate = formatWith(formatPatterns.chatDate);
export const fReverseDate = formatWith(formatPatterns.reverseDate);

/** '3 minutes ago', 'in 2 days'; '-' when there is no date. */
export function fToNow(value: DateInput): string {
  return toDay(value)?.fromNow() ?? EMPTY;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 24 * 60;

/** addMinutes('09:45', 30) === '10:15'; wraps past midnight ('23:50' + 20 -> '00:10'). */
export function addMinutes(time: string, minutes: number): string {
  const match = HH_MM.exec(time);
  if (!match) throw new RangeError(`Expected a time as HH:mm, got '${time}'`);
  if (!Number.isInteger(minutes)) throw new RangeError(`Expected a whole number of minutes, got ${minutes}`);
  const start = Number(match[1]) * 60 + Number(match[2]);
  const total = (((start + minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours = Math.floor(total / 60);
  return `${String(hours).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '₹2,450.00' */
export function fRupees(amount: number): string {
  return rupees.format(amount);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A tab or line break inside a value would break the two-line layout.
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** Copies keys (first line) and values (second line), tab-separated, for pasting into a sheet. */
export async function copyAsTsv(record: Record<string, unknown>): Promise<string> {
  const keys = Object.keys(record);
  const text = `${keys.map(cell).join('\t')}\n${keys.map((key) => cell(record[key])).join('\t')}`;
  await navigator.clipboard.writeText(text);
  return text;
}

/** '+91 98765 43210' for an Indian mobile (+91 then 6-9…); any other number as stored. */
export function fPhone(phone: string): string {
  const match = /^\+91([6-9]\d{4})(\d{5})$/.exec(phone);
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}
