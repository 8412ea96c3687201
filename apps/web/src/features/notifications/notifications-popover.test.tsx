import type { Notification } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { fakeServerKey, installFakePushBrowser } from '@/test/fake-push';
import { renderApp, slow } from '@/test/render-app';
import { fakeNotificationServer, makeNotification } from './notification-fixtures';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.restoreAllMocks();
});

const APPOINTMENT_ID = '20000000-0000-4000-8000-000000000001';
const BOOKING_ID = '20000000-0000-4000-8000-000000000002';
const PATIENT_ID = '20000000-0000-4000-8000-000000000003';
const appointment = makeNotification({
  title: 'New appointment',
  message: 'Ravi Kumar booked Dr. Meera Iyer for 24 Nov, 10:30 am',
  details: { img: '/api/uploads/dr-iyer.png', appointmentId: APPOINTMENT_ID, date: '2026-11-24' },
});
// A booking for another day than today: it must open on its own day, not today's list.
const booking = makeNotification({
  type: 'booking-created',
  title: 'New booking',
  message: 'Lakshmi Reddy booked an MRI Brain for 11:00 am',
  details: { bookingId: BOOKING_ID, date: '2027-01-05' },
});
const chat = makeNotification({ type: 'message-received', title: 'New message from Sunita Pawar', message: 'Can I bring my old reports?', details: { patientId: PATIENT_ID } });
const readOne = makeNotification({ title: 'New appointment', message: 'Arjun Varma booked Dr. Rao', isRead: true });

/** The header of a multi-hospital admin (every area: appointments, bookings, chats) with an inbox. */
async function openPopover(inbox: Notification[] = [appointment, booking, chat, readOne].map((item) => ({ ...item })), routes: Record<string, FakeRoute> = {}) {
  const server = fakeNotificationServer(inbox);
  const api = installFakeApi({ ...headerRoutes(), ...server.routes, ...routes });
  cleanups.push(api.restore);
  storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
  const view = renderApp('/plan');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Notifications' }, slow));
  // The popover loads with the first click on the bell.
  const popover = await screen.findByRole('dialog', { name: 'Notifications' }, slow);
  return { ...view, api, user, server, popover };
}

describe('the notification popover', () => {
  it("shows 'Notifications', 'You have N unread messages', mark-all, the tabs and 'View all', 420px wide and at most 80vh tall", async () => {
    const { popover } = await openPopover();
    expect(within(popover).getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await within(popover).findByText('You have 3 unread messages')).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
    // Named by their visible label alone (the unread count beside it is its description).
    expect(within(popover).getAllByRole('tab')).toEqual([within(popover).getByRole('tab', { name: 'New' }), within(popover).getByRole('tab', { name: 'Chats' })]);
    expect(within(popover).getByRole('tab', { name: 'New' })).toHaveAttribute('aria-selected', 'true');
    expect(within(popover).getByRole('button', { name: 'View all' })).toBeInTheDocument();
    const style = getComputedStyle(popover);
    expect(style.width).toBe('420px');
    expect(style.maxHeight).toBe('80vh');
  });

  it('lists the New tab (everything but chat messages) with title, message, age and image, unread ones highlighted', async () => {
    const { popover, api } = await openPopover();
    const list = await within(popover).findByRole('list', { name: 'New notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('New booking');
    expect(items[2]).toHaveTextContent('Arjun Varma booked Dr. Rao');
    expect(items[0]).toHaveTextContent('Ravi Kumar booked Dr. Meera Iyer for 24 Nov, 10:30 am');
    expect(items[0]).toHaveTextContent(/minutes? ago/);
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/api/uploads/dr-iyer.png');
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[2]).not.toHaveAttribute('data-unread');
    expect(within(list).queryByText('New message from Sunita Pawar')).not.toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/notifications/all')).toBeDefined();
  });

  it('the Chats tab shows only chat messages', async () => {
    const { popover, user } = await openPopover();
    await user.click(within(popover).getByRole('tab', { name: 'Chats' }));
    const list = await within(popover).findByRole('list', { name: 'Chat notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('New message from Sunita Pawar')).toBeInTheDocument();
  });

  it("says 'No notifications' for an empty tab, and has no mark-all without unread ones", async () => {
    const { popover, user } = await openPopover([{ ...readOne }]);
    expect(await within(popover).findByText('You have 0 unread messages')).toBeInTheDocument();
    expect(within(popover).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    await user.click(within(popover).getByRole('tab', { name: 'Chats' }));
    expect(await within(popover).findByText('No notifications')).toBeInTheDocument();
  });

  it('marks all read: the call, the count and the button gone, the badge cleared', async () => {
    const { popover, user, api } = await openPopover();
    await user.click(await within(popover).findByRole('button', { name: 'Mark all as read' }));
    expect(await within(popover).findByText('You have 0 unread messages')).toBeInTheDocument();
    expect(within(popover).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual(['/notifications/read/all']);
    expect(within(popover).queryAllByText('Unread')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).not.toHaveAttribute('aria-description');
  });

  it.each([
    ['New appointment', `/appointments?from=2026-11-24&open=${APPOINTMENT_ID}`, 'new'],
    ['New booking', `/bookings?from=2027-01-05&open=${BOOKING_ID}`, 'new'],
    ['New message from Sunita Pawar', `/chats/${PATIENT_ID}`, 'chats'],
  ] as const)('clicking "%s" marks it read, closes the popover and opens its record at %s', async (title, path, tab) => {
    const { popover, user, api, router } = await openPopover();
    if (tab === 'chats') await user.click(within(popover).getByRole('tab', { name: 'Chats' }));
    const list = await within(popover).findByRole('list', { name: tab === 'chats' ? 'Chat notifications' : 'New notifications' });
    const item = within(list)
      .getAllByRole('button')
      .find((button) => button.textContent?.startsWith(title))!;
    await user.click(item);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    const patched = api.calls.filter((call) => call.method === 'PATCH').map((call) => call.url);
    const clicked = [appointment, booking, chat].find((notification) => notification.title === title)!;
    expect(patched).toEqual([`/notifications/read/${clicked.id}`]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-description', '2 unread'));
  });

  it('shows a low wallet with its icon and opens Settings → Messages, where messages stop without money', async () => {
    const walletLow = makeNotification({ type: 'wallet-low', title: 'Wallet balance low', message: 'Messages to patients stop below ₹100: recharge the wallet' });
    const { popover, user, router } = await openPopover([walletLow]);
    const list = await within(popover).findByRole('list', { name: 'New notifications' });
    const item = within(list).getByRole('button', { name: /Wallet balance low/ });
    expect(item.querySelector('[data-testid="AccountBalanceWalletOutlinedIcon"]')).not.toBeNull();
    await user.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/messages'));
  });

  it('does not mark an already read notification again, but still opens it', async () => {
    const { popover, user, api, router } = await openPopover();
    const list = await within(popover).findByRole('list', { name: 'New notifications' });
    await user.click(within(list).getByRole('button', { name: /Arjun Varma/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'));
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("'View all' closes the popover and opens /notifications", async () => {
    const { popover, user, router } = await openPopover();
    await user.click(within(popover).getByRole('button', { name: 'View all' }));
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notifications');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});

describe("the popover's 'Enable notifications' prompt", () => {
  it('is not offered where the browser has no push', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { popover } = await openPopover();
    await within(popover).findByText('You have 3 unread messages');
    expect(within(popover).queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument();
  });

  it('asks for the permission only on the click, then subscribes and saves', async () => {
    const push = installFakePushBrowser({ permission: 'default', answer: 'granted' });
    cleanups.push(push.restore);
    const saved: unknown[] = [];
    const { popover, user, api } = await openPopover(undefined, {
      'GET /fcm/config': { data: { publicKey: fakeServerKey(4) } },
      'POST /fcm/save': (body) => (saved.push(body), { status: 204 }),
    });
    const enable = within(popover).getByRole('button', { name: 'Enable notifications' });
    expect(push.notification.requestPermission).not.toHaveBeenCalled();
    expect(api.calls.some((call) => call.url.startsWith('/fcm'))).toBe(false);
    await user.click(enable);
    expect(await screen.findByText('Browser notifications are on')).toBeInTheDocument();
    expect(push.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([expect.objectContaining({ endpoint: push.pushManager.current!.endpoint })]);
    expect(within(popover).queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument();
  });

  it.each([
    ['refused in the browser', { permission: 'default', answer: 'denied' }, undefined, /Notifications are blocked for this site\. Allow them in the browser’s site settings/],
    ['the question closed without an answer', { permission: 'default', answer: 'default' }, undefined, /Notifications were not allowed/],
    ['the subscription fails', { permission: 'default', answer: 'granted' }, 'subscribe-fails', /the browser’s push subscription failed/],
    ['the server has no push key', { permission: 'default', answer: 'granted' }, 'no-key', /the server has no push key/],
  ] as const)('says why when enabling fails (%s) instead of disappearing', async (_what, browser, failure, text) => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const push = installFakePushBrowser(browser);
    cleanups.push(push.restore);
    if (failure === 'subscribe-fails') push.pushManager.failWith = new DOMException('Registration failed - push service error', 'AbortError');
    const { popover, user } = await openPopover(undefined, {
      'GET /fcm/config': { data: { publicKey: failure === 'no-key' ? null : fakeServerKey(4) } },
      'POST /fcm/save': { status: 204 },
    });
    await user.click(within(popover).getByRole('button', { name: 'Enable notifications' }));
    expect(await within(popover).findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('Browser notifications are on')).not.toBeInTheDocument();
  });

  it('is gone once the permission is decided, and a granted one is synced quietly after sign-in', async () => {
    const push = installFakePushBrowser({ permission: 'granted' });
    cleanups.push(push.restore);
    const { popover, api } = await openPopover(undefined, { 'GET /fcm/config': { data: { publicKey: fakeServerKey(4) } }, 'POST /fcm/save': { status: 204 } });
    expect(within(popover).queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.url === '/fcm/save')).toBe(true));
    expect(push.notification.requestPermission).not.toHaveBeenCalled();
  });
});
