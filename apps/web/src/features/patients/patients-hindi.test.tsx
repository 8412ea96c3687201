import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { makePatient, patientPage } from '@/test/patient-fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

/** The console in Hindi for a Hindi-speaking admin, at `path`. */
async function openInHindi(path: string, total = 1) {
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /patients': { data: patientPage([makePatient({ name: 'Ravi Shankar' })], total) },
    'POST /patients/matches': { data: { data: [] } },
  });
  restore = api.restore;
  await activateLanguage('hi');
  storeSession({ ...makeUser('HOSPITAL', 'ADMIN'), language: 'hi' });
  renderApp(path);
  return api;
}

// Hindi's catalogue loads on demand: more than the default on a busy machine.
describe('the patients pages in Hindi', { timeout: 60_000 }, () => {
  it('shows the list, its toolbar, its columns and its paging in Hindi', async () => {
    await openInHindi('/user', 40);
    expect(await screen.findByRole('heading', { name: 'मरीज़', level: 1 }, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'मरीज़ जोड़ें' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'खोजें' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'CSV डाउनलोड करें' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'लिंग' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'उम्र' })).toBeVisible();
    const grid = await screen.findByRole('grid', { name: 'मरीज़' }, slow);
    for (const header of ['नाम', 'फ़ोन', 'लिंग', 'उम्र', 'ब्लड ग्रुप', 'पंजीकरण']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(grid).getByText('पुरुष')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'अगले पेज पर जाएँ' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'पिछले पेज पर जाएँ' })).toBeDisabled();
    expect(screen.getByText('40 में से 1–25')).toBeInTheDocument();
  });

  it('shows the new patient form with Hindi labels and buttons', async () => {
    await openInHindi('/user/new');
    expect(await screen.findByRole('heading', { name: 'मरीज़ जोड़ें', level: 1 }, slow)).toBeVisible();
    const form = screen.getByRole('form', { name: 'मरीज़ का विवरण' });
    for (const label of ['नाम', 'फ़ोन', 'ई-मेल', 'ABHA नंबर', 'पता', 'नोट्स']) {
      expect(within(form).getByRole('textbox', { name: new RegExp(`^${label}`) })).toBeInTheDocument();
    }
    expect(within(form).getByRole('spinbutton', { name: /^उम्र \(वर्ष\)/ })).toBeInTheDocument();
    // A date input has no textbox role; its label still names it.
    expect(within(form).getByLabelText(/^जन्म तिथि/)).toHaveAttribute('type', 'date');
    expect(within(form).getByRole('radiogroup', { name: 'लिंग' })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'महिला' })).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'WhatsApp और SMS से संदेश पाने की सहमति' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'सेव करें' })).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'रद्द करें' })).toBeInTheDocument();
  });

  it('words the shared schema’s field errors in Hindi, and sends nothing', async () => {
    const api = await openInHindi('/user/new');
    const form = await screen.findByRole('form', { name: 'मरीज़ का विवरण' }, slow);
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: /^नाम/ }), 'A');
    await user.type(within(form).getByRole('textbox', { name: /^फ़ोन/ }), '12345');
    await user.type(within(form).getByRole('textbox', { name: /^ABHA नंबर/ }), '1234');
    await user.click(within(form).getByRole('button', { name: 'सेव करें' }));

    expect(await within(form).findByRole('textbox', { name: /^नाम/, description: 'मरीज़ का नाम दर्ज करें' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: /^फ़ोन/, description: /^मान्य फ़ोन नंबर दर्ज करें, जैसे \+91 98765 43210/ })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^ABHA नंबर/, description: /ABHA नंबर 14 अंकों का होता है, जैसे 91-1234-5678-9012/ })).toBeInTheDocument();
    expect(within(form).queryByText(/Enter|ABHA number has/)).toBeNull();
    expect(api.calls.some((call) => call.method === 'POST' && call.url === '/patients')).toBe(false);
  });
});
