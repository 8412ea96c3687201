import { STORAGE_KEYS, type SessionUser } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { activateLanguage } from './i18n';

let restore: (() => void) | undefined;
// The active language is module state, as in the browser: each test starts in English.
afterEach(async () => {
  restore?.();
  await activateLanguage('en');
});

const sidebar = () => screen.getAllByRole('navigation', { name: /./ })[0]!;

/** The console as an admin whose account answers PATCH /account and GET /me like the server. */
async function openConsole(user: SessionUser, { saveFails = false } = {}) {
  storeSession(user);
  let saved = user;
  const api = installFakeApi({
    ...headerRoutes(),
    'PATCH /account': (body) => {
      if (saveFails) return { status: 503, data: { message: 'Service Unavailable' } };
      saved = { ...saved, ...(body as Partial<SessionUser>) };
      return {
        data: {
          id: user.id,
          name: user.name,
          email: user.email,
          phone: null,
          avatarUrl: null,
          role: user.role,
          organisationName: user.admin.name,
          passwordChangeRequired: false,
          inactivityMinutes: 0,
          language: saved.language,
        },
      };
    },
    'GET /me': () => ({ data: saved }),
  });
  restore = api.restore;
  renderApp('/');
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, slow);
  return api;
}

async function choose(languageName: string) {
  await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: /^(Account|खाता|ಖಾತೆ|கணக்கு)$/ }));
  await userEvent.click(screen.getByRole('menuitemradio', { name: languageName }));
}

// Three languages' catalogues load on demand in one story: more than the default 20 s on a busy machine.
describe('the console language', { timeout: 60_000 }, () => {
  it('switches the shell to the language chosen in the avatar menu at once, sets <html lang> and saves it on the account', async () => {
    const api = await openConsole(makeUser('HOSPITAL', 'ADMIN'));
    expect(within(sidebar()).getByRole('link', { name: 'Doctors' })).toBeVisible();

    await choose('हिन्दी');
    const nav = await screen.findByRole('navigation', { name: 'मुख्य नेविगेशन' });
    expect(within(nav).getByRole('link', { name: 'डैशबोर्ड' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'अन्य सेवाएँ' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'मेनू' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    await waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH' && call.url === '/account')?.body).toEqual({ language: 'hi' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({ language: 'hi' }));

    await choose('ಕನ್ನಡ');
    expect(await screen.findByRole('link', { name: 'ವೈದ್ಯರು' })).toBeVisible();
    expect(document.documentElement.lang).toBe('kn');
    // The menu marks the active language, each named in itself.
    await userEvent.click(screen.getByRole('button', { name: 'ಖಾತೆ' }));
    expect(screen.getByRole('menuitemradio', { name: 'ಕನ್ನಡ' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'தமிழ்' })).toHaveAttribute('lang', 'ta');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Doctors' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
  });

  it("opens in the account's language, chosen in another browser", async () => {
    await openConsole(makeUser('SCAN', 'WORKER', { language: 'ta' }));
    const nav = await screen.findByRole('navigation', { name: 'முதன்மை வழிசெலுத்தல்' });
    expect(within(nav).getByRole('link', { name: 'ஸ்கேன் மற்றும் பரிசோதனைகள்' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'பயனர்கள்' })).toBeVisible();
    expect(document.documentElement.lang).toBe('ta');
  });

  it('keeps the choice in this browser and says so when the account could not save it', async () => {
    await openConsole(makeUser('HOSPITAL', 'ADMIN'), { saveFails: true });
    await choose('हिन्दी');
    expect(await screen.findByText('भाषा आपके खाते में सेव नहीं हो सकी। यह केवल इसी ब्राउज़र में लागू है।')).toBeVisible();
    expect(screen.getByRole('link', { name: 'डैशबोर्ड' })).toBeVisible();
  });

  it('shows a page whose texts come with its own route chunk in the active language, and switches it too', async () => {
    restore = installFakeApi(headerRoutes()).restore;
    await activateLanguage('ta');
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'பக்கம் கிடைக்கவில்லை' }, slow)).toBeVisible();
    await act(() => activateLanguage('en'));
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to home' })).toBeVisible();
  });
});
