import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  daysBetween,
  daysInMonth,
  isLeapYear,
  isoDate,
  isValidIsoDate,
  localDate,
  localDateTimeToInstant,
  startOfWeek,
  todayIn,
  weekdayOf,
  wholeYearsBetween,
  zonedNow,
  zonedParts,
} from './calendar.js';

// Europe/London leaves GMT for BST at 01:00 UTC on 29 March 2026 and comes back at 01:00 UTC on 25 October.
const LONDON = 'Europe/London';
// India keeps UTC+05:30 all year: its midnight is 18:30 UTC the day before.
const INDIA = 'Asia/Kolkata';

describe('leap years', () => {
  it('are every fourth year but centuries, and every fourth century', () => {
    expect([2024, 2100, 2000, 2026, 1900].map(isLeapYear)).toEqual([true, false, true, false, false]);
    expect([2024, 2100, 2000, 2026].map((year) => daysInMonth(year, 2))).toEqual([29, 28, 29, 28]);
    expect([1, 4, 6, 9, 11, 12].map((month) => daysInMonth(2026, month))).toEqual([31, 30, 30, 30, 30, 31]);
  });
});

describe('ISO dates', () => {
  it('accept real days only, written YYYY-MM-DD', () => {
    expect(['2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01'].filter(isValidIsoDate)).toHaveLength(4);
    expect(
      ['2100-02-29', '2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-05', '26-01-05', '', '2026-01-05T00:00'].filter(isValidIsoDate),
    ).toEqual([]);
  });

  it('are padded from numbers', () => {
    expect(isoDate(2026, 3, 5)).toBe('2026-03-05');
    expect(isoDate(987, 12, 31)).toBe('0987-12-31');
  });

  it('refuse arithmetic on text that is not one', () => {
    expect(() => addDays('24/11/2026', 1)).toThrow(RangeError);
    expect(() => weekdayOf('2026-11')).toThrow(RangeError);
  });
});

describe('adding days', () => {
  it('rolls over month and year ends both ways', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
  });

  it('knows 29 February in 2024 and 2000, not in 2100', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('steps whole calendar days over a daylight-saving change', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
  });

  it('counts the days between two dates', () => {
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-11-22', '2026-11-01')).toBe(-21);
  });
});

describe('adding months and years', () => {
  it('keeps the day, or takes the month’s last when the month is shorter', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-05-31', 1)).toBe('2026-06-30');
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
  });

  it('crosses year ends both ways', () => {
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-11-30', 15)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', -13)).toBe('2024-12-31');
  });

  it('moves 29 February to the 28th in a common year only', () => {
    expect(addYears('2024-02-29', -1)).toBe('2023-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2000-02-29', 100)).toBe('2100-02-28');
    expect(addYears('2000-02-29', -400)).toBe('1600-02-29');
    expect(addYears('2026-11-22', -18)).toBe('2008-11-22');
  });

  it('counts whole years as ages do, complete on the anniversary', () => {
    expect(wholeYearsBetween('2008-11-22', '2026-11-22')).toBe(18);
    expect(wholeYearsBetween('2008-11-23', '2026-11-22')).toBe(17);
    expect(wholeYearsBetween('2008-12-01', '2026-11-30')).toBe(17);
    expect(wholeYearsBetween('2024-02-29', '2025-02-28')).toBe(0);
    expect(wholeYearsBetween('2024-02-29', '2025-03-01')).toBe(1);
    expect(wholeYearsBetween('2026-11-22', '2026-11-22')).toBe(0);
  });
});

describe('weeks', () => {
  it('count weekdays from Sunday = 0, whatever the machine’s zone', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2024-02-29')).toBe(4);
    expect(weekdayOf('2000-02-29')).toBe(2);
    expect(weekdayOf('2100-03-01')).toBe(1);
  });

  it('start on Monday', () => {
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-25')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
    expect(startOfWeek('2026-12-02')).toBe('2026-11-30');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-28');
    expect(startOfWeek('2024-03-02')).toBe('2024-02-26');
  });
});

describe('a time zone’s wall clock', () => {
  it('turns to the new day at the zone’s midnight, not UTC’s', () => {
    expect(zonedNow(INDIA, new Date('2026-05-31T18:29:59Z'))).toEqual({ date: '2026-05-31', time: '23:59' });
    expect(zonedNow(INDIA, new Date('2026-05-31T18:30:00Z'))).toEqual({ date: '2026-06-01', time: '00:00' });
    expect(todayIn(INDIA, new Date('2026-05-31T18:35:00Z'))).toBe('2026-06-01');
    expect(todayIn('UTC', new Date('2026-05-31T18:35:00Z'))).toBe('2026-05-31');
    expect(todayIn('America/New_York', new Date('2026-06-01T02:00:00Z'))).toBe('2026-05-31');
  });

  it('reads midnight as 00, never 24', () => {
    expect(zonedNow('UTC', new Date('2026-11-22T00:05:00Z'))).toEqual({ date: '2026-11-22', time: '00:05' });
    expect(zonedParts('UTC', new Date('2026-11-22T00:00:00Z'))).toEqual({ year: 2026, month: 11, day: 22, hour: 0, minute: 0, second: 0 });
  });

  it('gives the seconds too', () => {
    expect(zonedParts(INDIA, new Date('2026-12-31T18:29:59.900Z'))).toEqual({ year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59 });
  });

  it('follows a daylight-saving zone over both changes', () => {
    expect(zonedNow(LONDON, new Date('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', time: '00:59' });
    expect(zonedNow(LONDON, new Date('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', time: '02:00' });
    expect(zonedNow(LONDON, new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', time: '01:30' });
    expect(zonedNow(LONDON, new Date('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', time: '01:30' });
    expect(todayIn(LONDON, new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIn(LONDON, new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('refuses a zone that does not exist', () => {
    expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('a wall time in a zone as an instant', () => {
  it('takes India’s fixed offset', () => {
    expect(localDateTimeToInstant(INDIA, '2026-06-01', '00:00').toISOString()).toBe('2026-05-31T18:30:00.000Z');
    expect(localDateTimeToInstant(INDIA, '2024-02-29', '23:55').toISOString()).toBe('2024-02-29T18:25:00.000Z');
  });

  it('takes the offset of the day in a daylight-saving zone', () => {
    expect(localDateTimeToInstant(LONDON, '2026-01-15', '09:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(localDateTimeToInstant(LONDON, '2026-07-15', '09:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
    expect(localDateTimeToInstant(LONDON, '2026-03-29', '00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(localDateTimeToInstant(LONDON, '2026-03-29', '03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
  });

  it('reads a time the clocks jumped over with the offset before the jump', () => {
    expect(localDateTimeToInstant(LONDON, '2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads a time the clocks went back over as its first occurrence', () => {
    expect(localDateTimeToInstant(LONDON, '2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localDateTimeToInstant(LONDON, '2026-10-25', '02:00').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('is what the zone’s wall clock reads back', () => {
    for (const zone of [INDIA, LONDON, 'America/New_York', 'UTC']) {
      for (const [date, time] of [
        ['2026-01-01', '00:00'],
        ['2026-07-04', '23:59'],
        ['2024-02-29', '12:15'],
      ] as const) {
        expect(zonedNow(zone, localDateTimeToInstant(zone, date, time))).toEqual({ date, time });
      }
    }
  });
});

describe('the machine’s own calendar', () => {
  it('reads a Date in the machine’s zone', () => {
    expect(localDate(new Date(2026, 1, 28, 23, 59))).toBe('2026-02-28');
    expect(localDate(new Date(2024, 1, 29, 0, 0))).toBe('2024-02-29');
  });
});
