import type { Notification } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { DELETE_UNDO_MS } from './components/use-delete-with-undo';
import { fakeNotificationServer, makeNotification } from './notification-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.useRealTimers();
});

async function openPage(inbox: Notification[], path = '/notifications') {
  const server = fakeNotificationServer(inbox);
  const api = installFakeApi({ ...headerRoutes(), ...server.routes });
  restore = api.restore;
  storeSession(makeUser('MULTIHOSPITAL', 'ADMIN'));
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Notifications', level: 1 }, slow);
  return { ...view, api, server };
}

const listCalls = (api: { calls: { method: string; url: string }[] }) => api.calls.filter((call) => call.method === 'GET' && call.url === '/notifications/all');
const rows = async () => within(await screen.findByRole('list', { name: 'All notifications' })).getAllByRole('listitem');

describe('the notifications page', () => {
  it("loads 50 at a time and 'Load more' follows the cursor to the end", async () => {
    const inbox = Array.from({ length: 60 }, (_, i) => makeNotification({ message: `Booking number ${i + 1}` }));
    const { server } = await openPage(inbox);
    expect(await rows()).toHaveLength(50);
    expect(server.queries).toEqual([{ tab: 'new', limit: 20 }, { tab: 'new' }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(60));
    expect(server.queries.at(-1)).toEqual({ tab: 'new', cursor: '50' });
    expect((await rows())[59]).toHaveTextContent('Booking number 60');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("has the popover's tabs: Chats lists chat messages only, and the tab is kept in the URL", async () => {
    const { router } = await openPage([makeNotification({ title: 'New appointment' }), makeNotification({ type: 'message-received', title: 'New message from Manoj Kale' })]);
    expect(await rows()).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Chats' }));
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('New message from Manoj Kale'));
    expect(await rows()).toHaveLength(1);
    expect(router.state.location.search).toBe('?tab=chats');
  });

  it("'Unread only' shows just the unread ones", async () => {
    const { router, server } = await openPage([makeNotification({ message: 'Still unread' }), makeNotification({ message: 'Seen already', isRead: true })]);
    expect(await rows()).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toHaveTextContent('Still unread');
    expect(router.state.location.search).toBe('?unread=true');
    expect(server.queries.at(-1)).toEqual({ tab: 'new', unread: true });
  });

  it('marks one read, then all read', async () => {
    const first = makeNotification({ title: 'New appointment', message: 'Ravi Kumar booked' });
    const second = makeNotification({ title: 'New booking', type: 'booking-created', message: 'Lakshmi booked' });
    const { api } = await openPage([first, second]);
    expect(await screen.findByText('You have 2 unread messages')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark as read: New appointment' }));
    expect(await screen.findByText('You have 1 unread messages')).toBeInTheDocument();
    await waitFor(async () => expect((await rows())[0]).not.toHaveAttribute('data-unread'));
    expect(screen.queryByRole('button', { name: 'Mark as read: New appointment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You have 0 unread messages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual([`/notifications/read/${first.id}`, '/notifications/read/all']);
  });

  it("deletes one with 'Undo' in a toast: Undo brings it back and the DELETE is never sent", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const doomed = makeNotification({ title: 'New booking', type: 'booking-created', message: 'Kavita booked a CBC' });
    const { api } = await openPage([doomed, makeNotification({ message: 'Stays' })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await rows()).toHaveLength(2);
    expect(screen.getByText('You have 2 unread messages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete: New booking' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(screen.getByText('You have 1 unread messages')).toBeInTheDocument();
    expect(await screen.findByText('Notification deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(screen.getByText('You have 2 unread messages')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(DELETE_UNDO_MS * 2));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(await rows()).toHaveLength(2);
  });

  it('without Undo, the DELETE goes out when the toast times out and the list is reloaded without it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const doomed = makeNotification({ title: 'New booking', type: 'booking-created', message: 'Kavita booked a CBC' });
    const { api, server } = await openPage([doomed, makeNotification({ message: 'Stays' })]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await rows();
    await user.click(screen.getByRole('button', { name: 'Delete: New booking' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    const readsBefore = listCalls(api).length;
    await act(() => vi.advanceTimersByTimeAsync(DELETE_UNDO_MS));
    await waitFor(() => expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([`/notifications/${doomed.id}`]));
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(readsBefore));
    expect(server.inbox.map((item) => item.id)).not.toContain(doomed.id);
    expect(await rows()).toHaveLength(1);
    expect(screen.getByText('You have 1 unread messages')).toBeInTheDocument();
  });

  it("opens a notification's record on click (the patient's conversation) and marks it read", async () => {
    const patientId = '20000000-0000-4000-8000-000000000009';
    const chat = makeNotification({ type: 'message-received', title: 'New message from Sunita Pawar', details: { patientId } });
    const { router, api } = await openPage([chat], '/notifications?tab=chats');
    await userEvent.setup().click(within((await rows())[0]!).getByRole('button', { name: /^New message from Sunita Pawar/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chats/${patientId}`));
    expect(api.calls.find((call) => call.method === 'PATCH')?.url).toBe(`/notifications/read/${chat.id}`);
  });
});
