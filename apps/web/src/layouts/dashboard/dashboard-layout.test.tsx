import { STORAGE_KEYS } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

async function openDashboard(overrides: Parameters<typeof headerRoutes>[0] = {}, extra = {}) {
  const api = installFakeApi({ ...headerRoutes(overrides), 'POST /auth/logout': { status: 204 }, ...extra });
  restore = api.restore;
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, slow);
  return { ...view, api };
}

describe('the dashboard header', () => {
  it('shows plan, wallet, bell, mode toggle, clock and account, in that order', async () => {
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    await openDashboard();
    const banner = screen.getByRole('banner');
    const chip = await within(banner).findByRole('button', { name: 'Plan status: Active' });
    expect(chip).toHaveTextContent('Active');
    const wallet = await within(banner).findByRole('button', { name: /^Wallet balance/ });
    expect(wallet).toHaveTextContent('₹2,450.00');
    const bell = within(banner).getByRole('button', { name: 'Notifications' });
    // The count is the badge beside the button: the button's name stays exactly 'Notifications'.
    await waitFor(() => expect(bell.parentElement).toHaveTextContent('3'));
    expect(bell.textContent).toBe('');
    const toggle = within(banner).getByRole('button', { name: 'Switch to dark mode' });
    const clock = within(banner).getByTestId('clock');
    const account = within(banner).getByRole('button', { name: 'Account' });
    const order = [chip, wallet, bell, toggle, clock, account];
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('shows an inactive plan in red and a low balance in the error colour', async () => {
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    await openDashboard({
      plan: { data: { isActive: false, planName: null, endsAt: null } },
      wallet: { data: { showWallet: true, balance: 99.5 } },
    });
    const chip = await screen.findByRole('button', { name: 'Plan status: In-Active' });
    expect(chip.className).toMatch(/colorError/);
    const wallet = await screen.findByRole('button', { name: /^Wallet balance/ });
    expect(wallet).toHaveTextContent('₹99.50');
    expect(wallet.className).toMatch(/colorError/);
  });

  it('hides the wallet when the server says so', async () => {
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    await openDashboard({ wallet: { data: { showWallet: false, balance: 500 } } });
    await screen.findByRole('button', { name: 'Plan status: Active' });
    expect(screen.queryByRole('button', { name: /^Wallet balance/ })).not.toBeInTheDocument();
  });

  it('opens the plan page from the chip and notifications from the bell popover', async () => {
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = await openDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Plan status: Active' }));
    expect(await screen.findByRole('heading', { name: 'Plan', level: 1 }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plan');
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const popover = await screen.findByRole('dialog', { name: 'Notifications' }, slow);
    await user.click(within(popover).getByRole('button', { name: 'View all' }));
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 }, slow)).toBeInTheDocument();
  });

  it('switches to dark mode and remembers it', async () => {
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    await openDashboard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(localStorage.getItem('themeMode')).toBe('dark');
  });

  it("lists the account's entries and signs out through the account menu", async () => {
    const admin = makeUser('HOSPITAL', 'ADMIN', { name: 'Meera Iyer', email: 'meera@sunrise.example.test' });
    storeSession(admin);
    const { router, api } = await openDashboard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Meera Iyer');
    expect(menu).toHaveTextContent('meera@sunrise.example.test');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My account', 'Profile', 'Plan', 'Notifications', 'Settings', 'Logout']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(api.calls.find((call) => call.url === '/auth/logout')?.body).toEqual({ refresh_token: 'refresh-token' });
  });

  it('signs out even when the server cannot be reached', async () => {
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = await openDashboard({}, { 'POST /auth/logout': { status: 503 } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), slow);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('opens the sidebar in a drawer from the Menu button', async () => {
    storeSession(makeUser('SCAN', 'ADMIN'));
    const api = installFakeApi(headerRoutes());
    restore = api.restore;
    renderApp('/bookings');
    await screen.findByRole('heading', { name: 'Bookings', level: 1 }, slow);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = await screen.findByRole('presentation');
    const nav = within(dialog).getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Bookings' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows the organisation's own logo when it has one", async () => {
    const user = makeUser('HOSPITAL', 'ADMIN');
    storeSession({ ...user, admin: { ...user.admin, logoUrl: '/uploads/sunrise.png' } });
    await openDashboard();
    const logos = screen.getAllByRole('img', { name: 'Sunrise Hospital', hidden: true });
    expect(logos[0]).toHaveAttribute('src', '/uploads/sunrise.png');
    expect(logos[0]).toHaveAttribute('width', '200');
    expect(logos[0]).toHaveAttribute('height', '60');
  });
});

describe('the skip link', () => {
  it('is the first Tab stop and takes the keyboard straight to the page', async () => {
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    await openDashboard();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
