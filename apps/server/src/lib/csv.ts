import { Readable } from 'node:stream';
import { DEFAULT_TIME_ZONE, todayIn, type AvailabilityWindow } from '@caredesk/shared';
import type { FastifyReply } from 'fastify';

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

// A spreadsheet runs a cell that starts with one of these as a formula ("=HYPERLINK(…)"), so a
// patient's name could exfiltrate data when the export is opened: such text cells get a leading
// quote, which shows the text as typed (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Integer paise as rupees with two decimals (design.md §5). */
export function rupees(paise: number): string {
  return (paise / 100).toFixed(2);
}

/**
 * RFC 4180 lines (CRLF), a UTF-8 byte order mark first so Excel reads ₹ and accents right. The
 * header goes out with the first batch, after the first query succeeded (see sendCsv).
 */
export async function* csvLines<T>(columns: CsvColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  let header: string | undefined = '\uFEFF' + columns.map((column) => csvCell(column.header)).join(',') + '\r\n';
  for await (const batch of batches) {
    const rows = batch.map((row) => columns.map((column) => csvCell(column.value(row))).join(',') + '\r\n').join('');
    if (header === undefined && rows === '') continue;
    yield (header ?? '') + rows;
    header = undefined;
  }
  if (header !== undefined) yield header;
}

/** Pages through a query in fixed batches, so an export of every row never holds them all at once. */
export async function* inBatches<T>(fetch: (offset: number, limit: number) => Promise<T[]>, size = 1000): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += size) {
    const batch = await fetch(offset, size);
    yield batch;
    if (batch.length < size) return;
  }
}

/**
 * Streams the CSV as a download named after the area and today's date, e.g. doctors-2026-11-21.csv.
 * The first chunk (header and first batch) is read before the reply starts: a query that fails
 * (bad input, the database down) then answers like any other request (400, 503, 500) instead of a
 * 200 whose body breaks off. A later batch failing can still cut a long export short.
 */
export async function sendCsv(reply: FastifyReply, area: string, lines: AsyncIterable<string>): Promise<FastifyReply> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rest(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${area}-${todayIn(DEFAULT_TIME_ZONE)}.csv"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(rest()));
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A weekly schedule in one cell, Monday first: "Mon 09:00-13:00, 17:00-20:00; Tue …". */
export function describeAvailability(windows: readonly AvailabilityWindow[]): string {
  return [1, 2, 3, 4, 5, 6, 0]
    .map((weekday) => {
      const day = windows.filter((w) => w.weekday === weekday).sort((a, b) => a.start.localeCompare(b.start));
      return day.length ? `${SHORT_WEEKDAYS[weekday]} ${day.map((w) => `${w.start}-${w.end}`).join(', ')}` : '';
    })
    .filter(Boolean)
    .join('; ');
}
