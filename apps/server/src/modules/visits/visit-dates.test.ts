import { describe, expect, it } from 'vitest';
import { visitWhen, visitWhenIn } from './visit-dates.js';

describe('a visit’s date and time in a notification', () => {
  it('keeps English as SPEC.md writes it', () => {
    expect(visitWhenIn('en', '2026-11-24', '10:30')).toBe('24 Nov, 10:30 am');
    expect(visitWhenIn('en', '2026-12-01', '12:05')).toBe('1 Dec, 12:05 pm');
    expect(visitWhenIn('en', '2026-12-01', '00:15')).toBe(visitWhen('2026-12-01', '00:15'));
  });

  it('writes the others with their own month names and order, at the wall-clock time given', () => {
    expect(visitWhenIn('hi', '2026-11-24', '10:30')).toBe('24 नव॰, 10:30 am');
    expect(visitWhenIn('kn', '2026-11-24', '17:00')).toBe('24 ನವೆಂ, 5:00 PM');
    expect(visitWhenIn('ta', '2026-11-24', '23:45')).toBe('நவ. 24, 11:45 PM');
  });
});
