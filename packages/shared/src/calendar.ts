/**
 * The calendar, one module for the console and the server (style.md: dates have one home per side).
 *
 * Why our own small module on Intl rather than dayjs + utc + timezone on both sides: what CareDesk
 * needs is narrow. Days travel as 'YYYY-MM-DD' strings (the API's, the database's date columns' and
 * <input type="date">'s form, which sort and compare as text); the rest is whole-day steps and "now"
 * on an organisation's wall clock. Intl, built into Node and every browser, already knows the IANA
 * zones (dayjs's timezone plugin asks it too), so this costs the server and the shared package no
 * dependency and gives both sides the same answers. dayjs stays the console's formatter (lib/format.ts).
 *
 * A calendar date has no zone: arithmetic on one is done on UTC's calendar, where no day is 23 or 25
 * hours long. Zones meet instants (Date) only in the functions below that take one.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function partsOf(date: string): [year: number, month: number, day: number] {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Expected a date as YYYY-MM-DD, got '${date}'`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Milliseconds of UTC midnight of a day; months and days past their end roll over, as Date.UTC's do. */
function utcMs(year: number, month: number, day: number): number {
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  return new Date(0).setUTCFullYear(year, month - 1, day);
}

function dateOfUtcMs(ms: number): string {
  const at = new Date(ms);
  return isoDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/** 2026, 3, 5 -> '2026-03-05'. */
export function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Gregorian: every fourth year, except centuries, except every fourth century (2000 was, 2100 is not). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' naming a real day: not 2026-02-30, not 2026-2-3. */
export function isValidIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** '2026-11-30' + 1 -> '2026-12-01'; negative steps go back. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = partsOf(date);
  return dateOfUtcMs(utcMs(year, month, day + days));
}

/** The same day `months` later, or the month's last day when it is shorter: 31 Jan + 1 -> 28 (29) Feb. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = partsOf(date);
  const index = year * 12 + (month - 1) + months;
  const [targetYear, targetMonth] = [Math.floor(index / 12), (((index % 12) + 12) % 12) + 1];
  return isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** The same day `years` later; 29 February becomes the 28th in a common year. */
export function addYears(date: string, years: number): string {
  return addMonths(date, years * 12);
}

/** Whole days from `from` to `to`: 1 from a day to the next, negative backwards. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMs(...partsOf(to)) - utcMs(...partsOf(from))) / DAY_MS);
}

/** Whole years from `from` to `to`, as ages count: a year is complete on its anniversary day. */
export function wholeYearsBetween(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = partsOf(from);
  const [toYear, toMonth, toDay] = partsOf(to);
  const beforeAnniversary = toMonth < fromMonth || (toMonth === fromMonth && toDay < fromDay);
  return toYear - fromYear - (beforeAnniversary ? 1 : 0);
}

/** 0 = Sunday … 6 = Saturday, as availability windows count (schedule.ts). */
export function weekdayOf(date: string): number {
  return new Date(utcMs(...partsOf(date))).getUTCDay();
}

/** The Monday of the week that holds `date`: CareDesk's weeks run Monday to Sunday. */
export function startOfWeek(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The wall clock of a time zone at an instant, as numbers (month 1-12, hour 0-23). */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than formatting with it. Throws RangeError for an unknown zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // hourCycle h23: midnight is 00, never the 24 some engines give for hour12: false.
    const options = { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function zonedParts(timeZone: string, at: Date = new Date()): ZonedParts {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((one) => one.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** 'Now' in a time zone, as the date and HH:mm a front desk there would read. */
export interface ZonedNow {
  date: string;
  time: string;
}

export function zonedNow(timeZone: string, at: Date = new Date()): ZonedNow {
  const { year, month, day, hour, minute } = zonedParts(timeZone, at);
  return { date: isoDate(year, month, day), time: `${pad(hour)}:${pad(minute)}` };
}

/** Today as YYYY-MM-DD in a time zone: for CareDesk always the organisation's (design.md §5). */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  return zonedNow(timeZone, at).date;
}

/** The date on this machine's own calendar (its TZ, the browser's zone): for where no organisation zone is known. */
export function localDate(at: Date = new Date()): string {
  return isoDate(at.getFullYear(), at.getMonth() + 1, at.getDate());
}

/** How far a zone's wall clock is ahead of UTC at an instant, in ms (whole seconds). */
function offsetMs(timeZone: string, ms: number): number {
  const { year, month, day, hour, minute, second } = zonedParts(timeZone, new Date(ms));
  return utcMs(year, month, day) + ((hour * 60 + minute) * 60 + second) * 1000 - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant a wall clock in a zone shows `date` and `time` (HH:mm). Across a daylight-saving
 * change it reads as Temporal's 'compatible' does: a time the clocks went back over (it happens
 * twice) is its first occurrence, and a time they jumped over (it never happens) is read with the
 * offset from before the jump, so 01:30 in a gap from 01:00 to 02:00 is 02:30.
 */
export function localDateTimeToInstant(timeZone: string, date: string, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const wall = utcMs(...partsOf(date)) + (hours * 60 + minutes) * 60_000;
  // A zone changes its offset at most once in a day, so the offsets a day either side are the two candidates.
  const before = wall - offsetMs(timeZone, wall - DAY_MS);
  const after = wall - offsetMs(timeZone, wall + DAY_MS);
  const shows = (instant: number) => instant + offsetMs(timeZone, instant) === wall;
  const matching = [before, after].filter(shows);
  return new Date(matching.length ? Math.min(...matching) : before);
}
