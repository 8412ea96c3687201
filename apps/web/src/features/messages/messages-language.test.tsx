import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi, page } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makeMessage, makeMessageSettings } from '@/test/message-fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test ends back in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

async function consoleInHindi(path: string) {
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /messages/settings': { data: makeMessageSettings() },
    'POST /messages/preview': { data: { text: 'Hello' } },
    'GET /messages': { data: page([makeMessage({ event: 'reminder', offsetMinutes: 90, status: 'SKIPPED' })]) },
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'ADMIN', { language: 'hi' }));
  await activateLanguage('hi');
  renderApp(path);
}

describe('messages in Hindi', () => {
  it('Settings → Messages: heading, sections, switches, reminders and the save buttons', async () => {
    await consoleInHindi('/settings/messages');
    const form = await screen.findByRole('form', { name: 'संदेश सेटिंग्स' }, slow);
    expect(screen.getByRole('heading', { name: 'संदेश', level: 1 })).toBeVisible();
    expect(within(form).getByRole('table', { name: 'चैनल के अनुसार संदेश' })).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'WhatsApp से बुकिंग की पुष्टि' })).toBeInTheDocument();
    expect(within(form).getByRole('list', { name: 'रिमाइंडर के समय' })).toHaveTextContent('24 घंटे पहले2 घंटे पहले');
    expect(within(form).getByRole('button', { name: 'रिमाइंडर हटाएँ: 2 घंटे पहले' })).toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'विज़िट से पहले रिमाइंडर' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'रिमाइंडर जोड़ें' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'English (अंग्रेज़ी) में टेक्स्ट' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'सेव करें' })).toBeDisabled();
    expect(screen.getByRole('form', { name: 'टेस्ट संदेश भेजें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'टेस्ट भेजें' })).toBeInTheDocument();
  });

  it('the message log: heading, filters, columns, the event with its offset and the status', async () => {
    await consoleInHindi('/settings/messages/log');
    const table = await screen.findByRole('table', { name: 'संदेश' }, slow);
    expect(screen.getByRole('heading', { name: 'संदेश लॉग', level: 1 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'CSV एक्सपोर्ट करें' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'संदेश लॉग फ़िल्टर' });
    for (const label of ['इवेंट', 'चैनल', 'स्थिति']) expect(within(filters).getByRole('combobox', { name: label })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['विवरण', 'समय', 'मरीज़', 'इवेंट', 'चैनल', 'स्थिति', 'लागत', 'कार्रवाई']);
    expect(within(table).getByText('रिमाइंडर (1 घंटा 30 मिनट पहले)')).toBeInTheDocument();
    expect(within(table).getByText('नहीं भेजा गया')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'फिर कोशिश करें' })).toBeInTheDocument();
  });
});
