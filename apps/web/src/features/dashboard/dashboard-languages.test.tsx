import type { Language } from '@caredesk/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeHospitalDashboard } from './dashboard-fixtures';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test ends back in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

async function openIn(language: Language) {
  await activateLanguage(language);
  const api = installFakeApi({ ...headerRoutes(), 'GET /dashboard': { data: makeHospitalDashboard() } });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN', { language }));
  renderApp('/');
}

// A language's catalogue and dates load on demand: more than the default 20 s on a busy machine.
describe('the dashboard in the console language', { timeout: 60_000 }, () => {
  it('reads in Hindi: heading, figures, dates, the upcoming list, the charts and the header search', async () => {
    await openIn('hi');
    const today = await screen.findByRole('region', { name: 'आज के अपॉइंटमेंट' }, slow);
    expect(today).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'डैशबोर्ड', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'आज एक नज़र में' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'अभी प्रतीक्षा में' })).toHaveTextContent('औसत प्रतीक्षा 14 मिनट');
    expect(screen.getByRole('region', { name: 'आज की आय' })).toHaveTextContent('₹12,345.50');
    // The plan's end date with Hindi month names, Latin digits.
    expect(screen.getByRole('region', { name: 'प्लान' })).toHaveTextContent('31 जन. 2030 तक मान्य');
    expect(screen.getByRole('heading', { name: 'आगामी अपॉइंटमेंट' })).toBeInTheDocument();
    const charts = screen.getByRole('region', { name: 'पिछले 30 दिन' });
    expect(within(charts).getByRole('figure', { name: 'प्रतिदिन विज़िट (पिछले 30 दिन)' })).toBeInTheDocument();
    expect(within(charts).getAllByRole('button', { name: 'तालिका में दिखाएँ' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: 'खोजें', hidden: true })).toHaveAttribute('placeholder', 'मरीज़, डॉक्टर खोजें');
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('reads in Kannada, with Kannada month names in the plan date', async () => {
    await openIn('kn');
    expect(await screen.findByRole('region', { name: 'ಇಂದಿನ ಅಪಾಯಿಂಟ್‌ಮೆಂಟ್‌ಗಳು' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ಡ್ಯಾಶ್‌ಬೋರ್ಡ್', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'ಪ್ಲಾನ್' })).toHaveTextContent('31 ಜನ 2030 ವರೆಗೆ ಮಾನ್ಯ');
  });
});
