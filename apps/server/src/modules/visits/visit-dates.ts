import type { Language } from '@caredesk/shared';

/** How the server writes a visit's date and time in the texts people read (refusals, notifications). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-05' -> '05 Nov 2026' (SPEC.md §9 date format). */
export function fVisitDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** '2026-11-24', '10:30' -> '24 Nov, 10:30 am'. */
export function visitWhen(date: string, time: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${day} ${MONTHS[month - 1]}, ${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

// One formatter per language, made on first use: Intl's constructors are slow enough to matter per row.
const whenFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * visitWhen() for a reader of `language`: English exactly as SPEC.md writes it, the others with
 * their own month names and order from Intl ('24 नव॰, 10:30 am', 'நவ. 24, 10:30 AM'). The date
 * and time are the organisation's wall clock, so they are formatted as UTC to stay as written.
 */
export function visitWhenIn(language: Language, date: string, time: string): string {
  if (language === 'en') return visitWhen(date, time);
  let format = whenFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(`${language}-IN`, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
    whenFormats.set(language, format);
  }
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return format.format(Date.UTC(year, month - 1, day, hours, minutes));
}
