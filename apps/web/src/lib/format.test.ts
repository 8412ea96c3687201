import { EMPTY_DATE_ISO } from '@caredesk/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMinutes, copyAsTsv, fChatDate, fDate, fDateTime, fPhone, fReverseDate, fRupees, fTime, fToNow } from './format';

const afternoon = new Date(2024, 0, 5, 14, 7);

describe('date formats of SPEC.md §9', () => {
  it('formats date, date-time, time, chat date and reverse date', () => {
    expect(fDate(afternoon)).toBe('05 Jan 2024');
    expect(fDateTime(afternoon)).toBe('05 Jan 2024 2:07 pm');
    expect(fTime(afternoon)).toBe('2:07 pm');
    expect(fChatDate(afternoon)).toBe('Friday, January 5, 2024');
    expect(fReverseDate(afternoon)).toBe('2024-01-05');
  });

  it('accepts ISO strings and timestamps', () => {
    expect(fReverseDate(afternoon.toISOString())).toBe('2024-01-05');
    expect(fDate(afternoon.getTime())).toBe('05 Jan 2024');
  });

  it("shows '-' for missing, invalid and the 1970 empty date", () => {
    for (const format of [fDate, fDateTime, fTime, fChatDate, fReverseDate, fToNow]) {
      expect(format(null)).toBe('-');
      expect(format(undefined)).toBe('-');
      expect(format('')).toBe('-');
      expect(format('not a date')).toBe('-');
      expect(format(EMPTY_DATE_ISO)).toBe('-');
    }
  });

  it('tells relative time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 0, 5, 15, 7));
    expect(fToNow(afternoon)).toBe('an hour ago');
    vi.useRealTimers();
  });
});

describe('addMinutes', () => {
  it('adds minutes to an HH:mm time', () => {
    expect(addMinutes('09:45', 30)).toBe('10:15');
    expect(addMinutes('00:00', 0)).toBe('00:00');
    expect(addMinutes('10:15', -30)).toBe('09:45');
  });

  it('wraps past midnight both ways', () => {
    expect(addMinutes('23:50', 20)).toBe('00:10');
    expect(addMinutes('00:10', -20)).toBe('23:50');
    expect(addMinutes('12:00', 24 * 60 * 2 + 1)).toBe('12:01');
  });

  it('rejects malformed input', () => {
    expect(() => addMinutes('9:45', 10)).toThrow(RangeError);
    expect(() => addMinutes('24:00', 10)).toThrow(RangeError);
    expect(() => addMinutes('09:60', 10)).toThrow(RangeError);
    expect(() => addMinutes('09:45', 1.5)).toThrow(RangeError);
  });
});

describe('fRupees', () => {
  it('shows Indian grouping, the rupee sign and two decimals', () => {
    expect(fRupees(2450)).toBe('₹2,450.00');
    expect(fRupees(123456.5)).toBe('₹1,23,456.50');
    expect(fRupees(99.999)).toBe('₹100.00');
  });
});

describe('copyAsTsv', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes keys then values as two tab-separated lines to the clipboard', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const text = await copyAsTsv({ name: 'Asha Rao', age: 34, phone: null, note: 'line\tbreak\n' });
    expect(text).toBe('name\tage\tphone\tnote\nAsha Rao\t34\t\tline break ');
    expect(writeText).toHaveBeenCalledWith(text);
  });
});

describe('fPhone', () => {
  it('groups an Indian mobile as +91 5+5 digits and leaves other numbers as stored', () => {
    expect(fPhone('+919876543210')).toBe('+91 98765 43210');
    expect(fPhone('+911123456789')).toBe('+911123456789');
    expect(fPhone('+14155550123')).toBe('+14155550123');
  });
});
