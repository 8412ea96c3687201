import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi, page } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  vi.restoreAllMocks();
  await activateLanguage('en');
});

describe('the wallet in Kannada', { timeout: 60_000 }, () => {
  it('names the page, its filters, the empty ledger and the header popover in Kannada', async () => {
    await activateLanguage('kn');
    restore = installFakeApi({ ...headerRoutes(), 'GET /wallet/entries': { data: page([]) } }).restore;
    storeSession(makeUser('HOSPITAL', 'ADMIN', { language: 'kn' }));
    renderApp('/wallet');
    expect(await screen.findByRole('heading', { name: 'ವಾಲೆಟ್', level: 1 }, slow)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'ವಹಿವಾಟುಗಳು' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'CSV ರಫ್ತು ಮಾಡಿ' })).toBeVisible();
    expect(screen.getByRole('search', { name: 'ವಹಿವಾಟು ಫಿಲ್ಟರ್‌ಗಳು' })).toBeVisible();
    expect(await screen.findByText('ಇನ್ನೂ ವಹಿವಾಟುಗಳಿಲ್ಲ')).toBeVisible();

    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'ವಾಲೆಟ್ ಬ್ಯಾಲೆನ್ಸ್ ₹2,450.00' }));
    const popover = await screen.findByRole('dialog', { name: 'ವಾಲೆಟ್' });
    expect(await within(popover).findByRole('spinbutton', { name: 'ಮೊತ್ತ' })).toHaveValue(100);
    expect(within(popover).getByRole('group', { name: 'ತ್ವರಿತವಾಗಿ ಸೇರಿಸಿ' })).toBeVisible();
    expect(within(popover).getByRole('button', { name: 'ವಾಲೆಟ್ ರೀಚಾರ್ಜ್ ಮಾಡಿ' })).toBeVisible();
    expect(within(popover).getByRole('link', { name: 'ವಹಿವಾಟುಗಳನ್ನು ನೋಡಿ' })).toBeVisible();

    // The shared schema's refusals, in Kannada from the shared catalogue.
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const amount = within(popover).getByRole('spinbutton', { name: 'ಮೊತ್ತ' });
    for (const typed of ['0', '10.555', '200000']) {
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      await userEvent.click(within(popover).getByRole('button', { name: 'ವಾಲೆಟ್ ರೀಚಾರ್ಜ್ ಮಾಡಿ' }));
    }
    expect(alert.mock.calls).toEqual([['ಮಾನ್ಯ ಮೊತ್ತ ನಮೂದಿಸಿ'], ['ದಶಮಾಂಶದ ನಂತರ ಗರಿಷ್ಠ ಎರಡು ಅಂಕಿಗಳು'], ['ಒಮ್ಮೆಗೆ ಗರಿಷ್ಠ ₹1,00,000']]);
  });
});
