import { isoDate, isValidIsoDate } from '@caredesk/shared';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 'Nov', 'nov', 'November', 'Sept': the first three letters or more of a month's name. */
function monthOf(name: string): number | null {
  const lower = name.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((month) => month.startsWith(lower));
  return index === -1 ? null : index + 1;
}

/** YYYY-MM-DD when the numbers make a real day (not 31 Feb), else null. */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1000) return null;
  const iso = isoDate(year, month, day);
  return isValidIsoDate(iso) ? iso : null;
}

/**
 * A date as a person types it, as YYYY-MM-DD, or null when it is not one: 2026-11-24, 24/11/2026,
 * 11/24/2026, 24-11-2026, 24.11.2026, 24 Nov 2026, 24 November 2026, Nov 24, 2026. Numbers alone are
 * read day first, as India writes them, unless only the other reading is a date (11/24/2026).
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));

  // Four-digit years only: '24/11/20' is half of '24/11/2026' being typed, not a day in 2020.
  match = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(value);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    return isoOf(year, second, first) ?? isoOf(year, first, second);
  }

  match = /^(\d{1,2})(?:st|nd|rd|th)?[ -]?([a-z]+)\.?,?[ -]?(\d{4})$/i.exec(value);
  if (match) {
    const month = monthOf(match[2]!);
    return month ? isoOf(Number(match[3]), month, Number(match[1])) : null;
  }

  match = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(value);
  if (match) {
    const month = monthOf(match[1]!);
    return month ? isoOf(Number(match[3]), month, Number(match[2])) : null;
  }
  return null;
}
