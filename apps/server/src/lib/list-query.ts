import { addDays, addYears, searchKey } from '@caredesk/shared';
import { asc, desc, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** LIKE treats % and _ as wildcards and \ as the escape: user text must match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The digits of a search that is mostly a phone number ("98765", "+91 98765 43210"), else
 * undefined: at least three digits and no more than one other letter or sign per four digits.
 */
export function phoneSearchDigits(search: string): string | undefined {
  const digits = search.replace(/\D/g, '');
  const others = search.replace(/[\d\s]/g, '').length;
  return digits.length >= 3 && others * 4 <= digits.length ? digits : undefined;
}

/**
 * Name search: the start of any word of the name, case- and accent-insensitive ('sharma' finds
 * 'Rahul Sharma', 'jose' finds 'José'). Both patterns are served by the name_key trigram index.
 */
export function nameKeyMatches(nameKey: AnyColumn, search: string): SQL | undefined {
  const key = escapeLike(searchKey(search));
  if (!key) return undefined;
  return or(like(nameKey, `${key}%`), like(nameKey, `% ${key}%`));
}

/** Digits anywhere in a column holding a phone number's digits (or an E.164 number). */
export function digitsMatch(column: AnyColumn, digits: string): SQL {
  return like(column, `%${escapeLike(digits)}%`);
}

/** A whitelisted sort column, nulls last either way, then id so pages never overlap or skip. */
export function orderByWithTiebreak(column: AnyColumn, order: 'asc' | 'desc', id: AnyColumn): SQL[] {
  const direction = order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  return [sql`${column} ${direction}`, order === 'asc' ? asc(id) : desc(id)];
}

export function offsetOf(query: { page: number; pageSize: number }): number {
  return (query.page - 1) * query.pageSize;
}

/** A page of a list, as every list of the API answers it (design.md §6). */
export function pageOf<T>(query: { page: number; pageSize: number }, data: T[], total: number | undefined) {
  return { data, total: total ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * Dates of birth of people aged `min`..`max` whole years today: born on or before today minus
 * `min` years, and after today minus `max + 1` years (the same rule as ageFrom in shared).
 */
export function birthDateRange(band: readonly [number, number], today: string): { from: string; to: string } {
  const [min, max] = band;
  return { from: addDays(addYears(today, -(max + 1)), 1), to: addYears(today, -min) };
}
