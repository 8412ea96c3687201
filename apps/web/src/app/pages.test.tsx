import { STORAGE_KEYS } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionEndHandler } from '@/lib/http';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('the notifications page', () => {
  it('lists every notification with its message and age, unread ones highlighted', async () => {
    withApi({
      'GET /notifications/all': {
        data: {
          unread: 1,
          data: [
            {
              id: '10000000-0000-4000-8000-000000000001',
              type: 'appointment-created',
              title: 'New appointment',
              message: 'Ravi Kumar booked Dr. Mehta at 10:30',
              isRead: false,
              createdAt: minutesAgo(5),
              details: {},
            },
            {
              id: '10000000-0000-4000-8000-000000000002',
              type: 'message-received',
              title: 'New message',
              message: 'Is the lab open on Sunday?',
              isRead: true,
              createdAt: minutesAgo(60 * 26),
              details: {},
            },
          ],
        },
      },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'All notifications' }, slow);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('New appointment');
    expect(items[0]).toHaveTextContent('Ravi Kumar booked Dr. Mehta at 10:30');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[0]).toHaveTextContent('Unread');
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[1]).toHaveTextContent('a day ago');
    expect(items[1]).not.toHaveAttribute('data-unread');
    expect(screen.getByText('You have 1 unread messages')).toBeInTheDocument();
  });

  it("says 'No notifications' when there are none", async () => {
    withApi({ 'GET /notifications/all': { data: { data: [], unread: 0 } } });
    storeSession(makeUser('HOSPITAL', 'WORKER'));
    renderApp('/notifications');
    expect(await screen.findByText('No notifications', {}, slow)).toBeInTheDocument();
  });
});

describe('the plan page', () => {
  it('shows the real plan status and its end date', async () => {
    withApi({ 'GET /plan/current': { data: { isActive: true, planName: 'Clinic Pro', endsAt: '2030-01-31T12:00:00.000Z' } } });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp('/plan');
    expect(await screen.findByRole('heading', { name: 'Clinic Pro' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Valid until 31 Jan 2030')).toBeInTheDocument();
    expect(screen.queryByText('Plan not Active.')).not.toBeInTheDocument();
  });

  it("warns 'Plan not Active.' when the plan has lapsed", async () => {
    withApi({ 'GET /plan/current': { data: { isActive: false, planName: 'Clinic Pro', endsAt: '2020-01-31T12:00:00.000Z' } } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/plan');
    expect(await screen.findByText('Plan not Active.', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Ended on 31 Jan 2020')).toBeInTheDocument();
  });
});

describe('the settings page', () => {
  it("shows the signed-in user's account and organisation", async () => {
    withApi();
    storeSession(makeUser('MULTIHOSPITAL', 'ADMIN', { name: 'Kavya Menon', email: 'kavya@apollo.example.test' }));
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, slow);
    expect(screen.getByText('Kavya Menon')).toBeInTheDocument();
    expect(screen.getByText('kavya@apollo.example.test')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('Sunrise Hospital')).toBeInTheDocument();
    expect(screen.getByText('Multi-hospital')).toBeInTheDocument();
  });
});

describe('onboarding', () => {
  it('sends a code to the phone number as E.164', async () => {
    const api = withApi({ 'POST /sms/user': { status: 204 } });
    renderApp('/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile number', {}, slow), '98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Code sent to +919876543210')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/sms/user')?.body).toEqual({ phone: '+919876543210' });
  });

  it('rejects a malformed number and shows server errors in a toast', async () => {
    withApi({ 'POST /sms/user': { status: 429, data: { statusCode: 429, error: 'Too Many Requests', message: 'Too many codes requested' } } });
    renderApp('/new');
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Mobile number', {}, slow);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a 10-digit mobile number')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '+91 9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Too many codes requested')).toBeInTheDocument();
  });
});

describe('an expired session', () => {
  it('goes back to sign-in when the token is refused and cannot be refreshed', async () => {
    const onSessionEnd = vi.fn();
    setSessionEndHandler(onSessionEnd);
    withApi({ 'GET /plan/current': { status: 401, data: { statusCode: 401, error: 'Unauthorized', message: 'Token expired' } } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'), slow);
    expect(onSessionEnd).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe('the header search', () => {
  it("finds the account's pages by name and opens the chosen one", async () => {
    withApi();
    storeSession(makeUser('SCAN', 'WORKER'));
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 }, slow);
    const user = userEvent.setup();
    // jsdom applies no media queries, so the search stays in its mobile (hidden) state here.
    // Ctrl+K focuses the box; keys go to the focus, as in a browser, and the autocomplete takes
    // over the box once it has loaded (a click could land on the plain box just replaced).
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('combobox', { name: 'Search', hidden: true })).toHaveFocus();
    await user.keyboard('scan');
    await user.click(await screen.findByRole('option', { name: 'Scans & Tests', hidden: true }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/scan'));
  });
});
