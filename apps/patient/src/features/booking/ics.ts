import { addDays, zonedTimeToUtc } from '@/lib/dates';

/** A visit as a calendar event: the organisation's wall-clock date and times, and its zone. */
export interface CalendarEvent {
  uid: string;
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  summary: string;
  location: string | null;
  description?: string;
  /** When the file was made (DTSTAMP); now unless a test fixes it. */
  stamp?: Date;
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: content lines longer than 75 octets are folded. */
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a line at 75 octets (never inside a UTF-8 character); each continuation starts with a space. */
function fold(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = pieces.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += character;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join(`${CRLF} `);
}

/** 2025-11-25T04:30:00.000Z → 20251125T043000Z (a UTC DATE-TIME). */
function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * An iCalendar file (RFC 5545) with the visit as one VEVENT, its times in UTC computed from the
 * organisation's zone, so any calendar on any phone shows the right hour. A slot ending at or
 * before it starts ends the next day (23:45–00:00).
 */
export function calendarFile(event: CalendarEvent): string {
  const start = zonedTimeToUtc(event.date, event.startTime, event.timeZone);
  const endDate = event.endTime <= event.startTime ? addDays(event.date, 1) : event.date;
  const end = zonedTimeToUtc(endDate, event.endTime, event.timeZone);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CareDesk//Patient app//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}

/** A link's href that downloads the file: a data: address works offline and needs no clean-up. */
export function calendarHref(file: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(file)}`;
}
