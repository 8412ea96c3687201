import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText } from './ics';

const visit = {
  uid: 'appointment-0b8e1f64@caredesk',
  date: '2025-11-25',
  startTime: '10:30',
  endTime: '10:45',
  timeZone: 'Asia/Kolkata',
  summary: 'Dr. Kavya Rao, Cardiology',
  location: 'Sanjeevani Hospital; Main campus, 12 MG Road',
  stamp: new Date('2025-11-20T08:15:30.123Z'),
};

describe('the visit as an iCalendar file', () => {
  it('puts the India time in UTC: 10:30 IST is 05:00Z', () => {
    const file = calendarFile(visit);
    expect(file).toContain('\r\nDTSTART:20251125T050000Z\r\n');
    expect(file).toContain('\r\nDTEND:20251125T051500Z\r\n');
    expect(file).toContain('\r\nDTSTAMP:20251120T081530Z\r\n');
    expect(file).toContain('\r\nUID:appointment-0b8e1f64@caredesk\r\n');
  });

  it('crosses midnight back into the previous UTC day, and a slot ending at midnight ends the next day', () => {
    const file = calendarFile({ ...visit, startTime: '03:00', endTime: '03:30' });
    expect(file).toContain('DTSTART:20251124T213000Z');
    expect(file).toContain('DTEND:20251124T220000Z');
    const late = calendarFile({ ...visit, startTime: '23:45', endTime: '00:00' });
    expect(late).toContain('DTSTART:20251125T181500Z');
    expect(late).toContain('DTEND:20251125T183000Z');
  });

  it('follows a zone with summer time (London, BST then GMT)', () => {
    expect(calendarFile({ ...visit, timeZone: 'Europe/London', date: '2025-07-01' })).toContain('DTSTART:20250701T093000Z');
    expect(calendarFile({ ...visit, timeZone: 'Europe/London', date: '2025-12-01' })).toContain('DTSTART:20251201T103000Z');
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const file = calendarFile(visit);
    expect(file).toContain('\r\nSUMMARY:Dr. Kavya Rao\\, Cardiology\r\n');
    expect(file).toContain('\r\nLOCATION:Sanjeevani Hospital\\; Main campus\\, 12 MG Road\r\n');
  });

  it('ends every line with CRLF, one VEVENT in one VCALENDAR', () => {
    const file = calendarFile(visit);
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('folds long lines at 75 octets without splitting a Hindi character', () => {
    const file = calendarFile({ ...visit, location: 'संजीवनी मल्टीस्पेशलिटी अस्पताल, मुख्य परिसर, 12 एमजी रोड, बेंगलुरु' });
    const lines = file.split('\r\n');
    const encoder = new TextEncoder();
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    const location = lines.findIndex((line) => line.startsWith('LOCATION:'));
    expect(lines[location + 1]!.startsWith(' ')).toBe(true);
    const unfolded = file.replace(/\r\n /g, '');
    expect(unfolded).toContain('LOCATION:संजीवनी मल्टीस्पेशलिटी अस्पताल\\, मुख्य परिसर\\, 12 एमजी रोड\\, बेंगलुरु\r\n');
  });
});
