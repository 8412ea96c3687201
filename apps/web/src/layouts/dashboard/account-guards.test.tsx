import { STORAGE_KEYS } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.useRealTimers();
});

const slow = { timeout: 15_000 };
const account = (extra: object = {}) => ({
  id: '60000000-0000-4000-8000-000000000099',
  name: 'Ravi Kumar',
  email: 'ravi@sunrise.example.test',
  phone: null,
  avatarUrl: null,
  role: 'WORKER',
  organisationName: 'Sunrise Hospital',
  passwordChangeRequired: false,
  inactivityMinutes: 5,
  language: 'en',
  ...extra,
});

function openConsole(routes: Record<string, FakeRoute>, path = '/appointments') {
  storeSession(makeUser('HOSPITAL', 'WORKER'));
  const logout = recording(() => ({ status: 204 }));
  const api = installFakeApi({ ...headerRoutes(), 'GET /appointments': { data: { data: [], total: 0, page: 1, pageSize: 25 } }, 'POST /auth/logout': logout.route, ...routes });
  restore = api.restore;
  return { ...renderApp(path), api, logout };
}

describe('the password change after a temporary password', () => {
  it('blocks the console until a new password is chosen', async () => {
    let required = true;
    const change = recording(() => {
      required = false;
      return { status: 204 };
    });
    openConsole({ 'GET /account': () => ({ data: account({ passwordChangeRequired: required }) }), 'POST /account/password': change.route });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' }, slow);
    const user = userEvent.setup();
    const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
    await user.type(field('Current password'), 'Temp@2026x');
    await user.type(field('New password'), 'Mine@Sunrise2026');
    await user.type(field('Confirm new password'), 'Mine@Sunrise2026');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a new password' })).not.toBeInTheDocument(), slow);
    expect(change.seen[0]!.body).toEqual({ currentPassword: 'Temp@2026x', newPassword: 'Mine@Sunrise2026', signOutOtherSessions: false });
  });

  it('can be left by signing out', async () => {
    const { router, logout } = openConsole({ 'GET /account': { data: account({ passwordChangeRequired: true }) } });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a new password' }, slow);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), slow);
    expect(logout.seen).toHaveLength(1);
  });
});

describe('automatic sign-out after inactivity', () => {
  it("warns a minute before the organisation's idle time, counts down, and 'Stay signed in' keeps the session", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { logout } = openConsole({ 'GET /account': { data: account({ inactivityMinutes: 5 }) } });
    await screen.findByRole('heading', { name: 'Appointments', level: 1 }, slow);
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(/You will be signed out in (60|59) seconds/);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(dialog).toHaveTextContent(/You will be signed out in (50|49) seconds/);
    await act(async () => within(dialog).getByRole('button', { name: 'Stay signed in' }).click());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument();
    expect(logout.seen).toHaveLength(0);
  });

  it('signs out through Logout at zero and lands on /sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, logout } = openConsole({ 'GET /account': { data: account({ inactivityMinutes: 5 }) } });
    await screen.findByRole('heading', { name: 'Appointments', level: 1 }, slow);
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    await screen.findByRole('dialog', { name: 'Are you still there?' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), slow);
    expect(logout.seen[0]!.body).toEqual({ refresh_token: 'refresh-token' });
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('pauses on the waiting-room display, which runs unattended all day', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queues = { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [], owners: [] } };
    const { logout } = openConsole({ 'GET /account': { data: account({ inactivityMinutes: 5 }) }, 'GET /tokens/doctors': queues }, '/appointments/token?display=1');
    await screen.findByRole('region', { name: 'Waiting room display' }, slow);
    await act(() => vi.advanceTimersByTimeAsync(30 * 60_000));
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).not.toBeInTheDocument();
    expect(logout.seen).toHaveLength(0);
    // Leaving the display starts the idle time afresh.
    await act(async () => screen.getByRole('region', { name: 'Waiting room display' }).ownerDocument.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting room display' })).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    await screen.findByRole('dialog', { name: 'Are you still there?' });
  });
});
