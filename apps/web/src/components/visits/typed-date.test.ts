import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './typed-date';

describe('a typed date', () => {
  it.each([
    ['2026-11-24', '2026-11-24'],
    ['24/11/2026', '2026-11-24'],
    ['11/24/2026', '2026-11-24'],
    ['24-11-2026', '2026-11-24'],
    ['24.11.2026', '2026-11-24'],
    ['24 Nov 2026', '2026-11-24'],
    ['24 november 2026', '2026-11-24'],
    ['24th Nov, 2026', '2026-11-24'],
    ['Nov 24, 2026', '2026-11-24'],
    ['  5 Sept 2026 ', '2026-09-05'],
    // Numbers that make a date both ways are read day first, as India writes them.
    ['05/06/2026', '2026-06-05'],
  ])('reads %s as %s', (text, date) => {
    expect(parseTypedDate(text)).toBe(date);
  });

  it.each(['', '24/11', '24/11/20', '31/02/2026', '2026-13-01', '24 Novx 2026', '24 No 2026', '32/01/2026', 'tomorrow'])('is not a date: %s', (text) => {
    expect(parseTypedDate(text)).toBeNull();
  });
});
