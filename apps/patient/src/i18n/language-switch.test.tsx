import { I18nProvider } from '@lingui/react';
import { renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { useFormat } from './format';
import { activateLanguage, i18n, languages } from './i18n';
import hindi from './locales/hi.json';
import kannada from './locales/kn.json';
import tamil from './locales/ta.json';

const catalogues: Record<string, Record<string, string>> = { hi: hindi, kn: kannada, ta: tamil };

describe('languages', () => {
  it('switches the whole screen to Hindi, sets <html lang>, and remembers the choice', async () => {
    await renderApp('/p/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
    const switcher = screen.getByRole('group', { name: 'Language' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'आपकी अस्पताल विज़िट, आपके फ़ोन पर' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'साइन इन करें' }).length).toBeGreaterThan(0);
    expect(switcher).toHaveAccessibleName('भाषा');
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('caredesk.patient.language')).toBe('hi');

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your hospital visits, on your phone' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches to Kannada and to Tamil, each named in itself', async () => {
    await renderApp('/p/');
    await userEvent.click(await screen.findByRole('button', { name: 'ಕನ್ನಡ' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'ನಿಮ್ಮ ಆಸ್ಪತ್ರೆ ಭೇಟಿಗಳು, ನಿಮ್ಮ ಫೋನ್‌ನಲ್ಲೇ' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'ಭಾಷೆ' })).toBeVisible();
    expect(document.documentElement.lang).toBe('kn');
    expect(localStorage.getItem('caredesk.patient.language')).toBe('kn');

    await userEvent.click(screen.getByRole('button', { name: 'தமிழ்' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'உங்கள் மருத்துவமனை வருகைகள், உங்கள் ஃபோனிலேயே' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('ta');
  });

  it.each([
    ['kn', 'ಸೋಮ, ಜನ 12, 2026'],
    ['ta', 'திங்., 12 ஜன., 2026'],
  ] as const)('writes dates in %s-IN and rupees in lakhs', async (code, date) => {
    await activateLanguage(code);
    const { result } = renderHook(() => useFormat(), { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });
    expect(result.current.date('2026-01-12')).toBe(date);
    expect(result.current.money(15_000_000)).toBe('₹1,50,000');
  });

  it('offers every catalogue on the switch', () => {
    expect(languages.map((language) => language.code).sort()).toEqual(['en', ...Object.keys(catalogues)].sort());
  });
});
