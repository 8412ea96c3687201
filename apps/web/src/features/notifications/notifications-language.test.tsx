import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { installFakePushBrowser } from '@/test/fake-push';
import { renderApp, slow } from '@/test/render-app';
import { fakeNotificationServer, makeNotification } from './notification-fixtures';

const cleanups: (() => void)[] = [];
// The active language is module state, as in the browser: each test ends back in English.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await activateLanguage('en');
});

const appointment = makeNotification({ title: 'New appointment', message: 'Ravi Kumar booked Dr. Meera Iyer for 24 Nov, 10:30 am' });
const chat = makeNotification({ type: 'message-received', title: 'New message from Sunita Pawar', message: 'Can I bring my old reports?' });

/** A multi-hospital admin whose account speaks Kannada, with two unread notifications. */
async function consoleInKannada(path: string) {
  const push = installFakePushBrowser({ permission: 'default', answer: 'granted' });
  const server = fakeNotificationServer([appointment, chat].map((item) => ({ ...item })));
  const api = installFakeApi({ ...headerRoutes(), ...server.routes });
  cleanups.push(api.restore, push.restore);
  storeSession(makeUser('MULTIHOSPITAL', 'ADMIN', { language: 'kn' }));
  await activateLanguage('kn');
  renderApp(path);
  return userEvent.setup();
}

describe('notifications in Kannada', () => {
  it('the bell and its popover: heading, unread summary, mark-all, the push prompt, the tabs and View all', async () => {
    const user = await consoleInKannada('/plan');
    await user.click(await screen.findByRole('button', { name: 'ಅಧಿಸೂಚನೆಗಳು' }, slow));
    const popover = await screen.findByRole('dialog', { name: 'ಅಧಿಸೂಚನೆಗಳು' }, slow);
    expect(within(popover).getByRole('heading', { name: 'ಅಧಿಸೂಚನೆಗಳು' })).toBeInTheDocument();
    expect(await within(popover).findByText('ನಿಮ್ಮ 2 ಸಂದೇಶಗಳನ್ನು ಇನ್ನೂ ಓದಿಲ್ಲ')).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'ಎಲ್ಲವನ್ನೂ ಓದಿದೆ ಎಂದು ಗುರುತಿಸಿ' })).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'ಅಧಿಸೂಚನೆಗಳನ್ನು ಆನ್ ಮಾಡಿ' })).toBeInTheDocument();
    expect(
      within(popover)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['ಹೊಸದು1', 'ಚಾಟ್‌ಗಳು1']);
    expect(within(popover).getByRole('tablist', { name: 'ಅಧಿಸೂಚನೆ ಪ್ರಕಾರಗಳು' })).toBeInTheDocument();
    const list = await within(popover).findByRole('list', { name: 'ಹೊಸ ಅಧಿಸೂಚನೆಗಳು' });
    expect(within(list).getByText('ಓದಿಲ್ಲ')).toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'ಎಲ್ಲವನ್ನೂ ನೋಡಿ' }));
    expect(await screen.findByRole('heading', { name: 'ಅಧಿಸೂಚನೆಗಳು', level: 1 }, slow)).toBeVisible();
  });

  it("the page: the unread switch, and each row's mark-read and delete buttons named with its title", async () => {
    await consoleInKannada('/notifications');
    expect(await screen.findByRole('heading', { name: 'ಅಧಿಸೂಚನೆಗಳು', level: 1 }, slow)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'ಓದದಿರುವುದು ಮಾತ್ರ' })).not.toBeChecked();
    const list = await screen.findByRole('list', { name: 'ಎಲ್ಲಾ ಅಧಿಸೂಚನೆಗಳು' });
    expect(within(list).getByRole('button', { name: 'ಓದಿದೆ ಎಂದು ಗುರುತಿಸಿ: New appointment' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'ಅಳಿಸಿ: New appointment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ಎಲ್ಲವನ್ನೂ ಓದಿದೆ ಎಂದು ಗುರುತಿಸಿ' })).toBeInTheDocument();
  });
});
