import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { fChatDate, fDate, fDateTime, fRupees } from './format';

// The active language is module state, as in the browser: each test ends back in English.
afterEach(() => activateLanguage('en'));

const monday = '2026-03-09T09:05:00';

// Catalogues and dayjs locales load on demand: more than the default 20 s on a busy machine.
describe('dates and money in the console language', { timeout: 60_000 }, () => {
  it.each([
    ['en', '09 Mar 2026', 'Monday, March 9, 2026'],
    ['hi', '09 मार्च 2026', 'सोमवार, मार्च 9, 2026'],
    ['kn', '09 ಮಾರ್ಚ್ 2026', 'ಸೋಮವಾರ, ಮಾರ್ಚ್ 9, 2026'],
    ['ta', '09 மார்ச் 2026', 'திங்கட்கிழமை, மார்ச் 9, 2026'],
  ] as const)('%s: month and weekday names in the language, digits Latin, the rupee grouped 1,00,000', async (language, date, chatDate) => {
    await activateLanguage(language);
    expect(fDate(monday)).toBe(date);
    expect(fChatDate(monday)).toBe(chatDate);
    expect(fDateTime(monday)).toBe(`${date} 9:05 am`);
    expect(fRupees(123456.7)).toBe('₹1,23,456.70');
    expect(fRupees(10_000_000)).toBe('₹1,00,00,000.00');
  });

  it('goes back to English names when English is chosen again', async () => {
    await activateLanguage('kn');
    expect(fDate(monday)).toBe('09 ಮಾರ್ಚ್ 2026');
    await activateLanguage('en');
    expect(fDate(monday)).toBe('09 Mar 2026');
    expect(fChatDate(monday)).toBe('Monday, March 9, 2026');
  });
});
