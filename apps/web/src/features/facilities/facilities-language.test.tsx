import type { Facility } from '@caredesk/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

const campus: Facility = {
  id: '70000000-0000-4000-8000-000000000001',
  name: 'Sunrise Main Campus',
  address: null,
  phone: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('Settings > Facilities in Kannada', { timeout: 60_000 }, () => {
  it('names the page, the list, its buttons and the dialog in Kannada', async () => {
    await activateLanguage('kn');
    restore = installFakeApi({ ...headerRoutes(), 'GET /facilities': { data: { data: [campus] } } }).restore;
    storeSession(makeUser('MULTIHOSPITAL', 'ADMIN', { language: 'kn' }));
    renderApp('/settings/facilities');
    const list = await screen.findByRole('list', { name: 'ಶಾಖೆಗಳು' }, slow);
    expect(screen.getByRole('heading', { name: 'ಶಾಖೆಗಳು', level: 1 })).toBeVisible();
    expect(within(list).getByText('ವಿಳಾಸವಿಲ್ಲ')).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Sunrise Main Campus ಅಳಿಸಿ' })).toBeVisible();

    await userEvent.click(within(list).getByRole('button', { name: 'Sunrise Main Campus ಸಂಪಾದಿಸಿ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ಶಾಖೆ ಸಂಪಾದಿಸಿ' });
    expect(within(dialog).getByRole('textbox', { name: /^ಹೆಸರು/ })).toHaveValue('Sunrise Main Campus');
    expect(within(dialog).getByRole('textbox', { name: 'ಫೋನ್' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'ಉಳಿಸಿ' })).toBeVisible();
  });
});
