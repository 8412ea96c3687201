import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { NOTIFICATION_FALLBACK_POLL_MS, POPOVER_NOTIFICATION_LIMIT, notificationKeys } from './api/get-notifications';
import { fakeNotificationServer, makeNotification } from './notification-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

async function consoleWithLiveChannel() {
  const server = fakeNotificationServer([makeNotification(), makeNotification(), makeNotification({ isRead: true })]);
  const api = installFakeApi({ ...headerRoutes(), ...server.routes });
  restore = api.restore;
  const user = makeUser('HOSPITAL', 'ADMIN');
  storeSession(user);
  const view = renderApp('/plan', { liveEvents: fakeLiveEventsClient() });
  const bell = await screen.findByRole('button', { name: 'Notifications' }, slow);
  await waitFor(() => expect(bell).toHaveAttribute('aria-description', '2 unread'));
  act(() => FakeSocket.last().ready());
  return { ...view, api, server, bell, user };
}

/** The refetch intervals the bell's query runs with right now (one a component that reads it). */
function bellPolling(queryClient: ReturnType<typeof renderApp>['queryClient']) {
  const query = queryClient.getQueryCache().find({ queryKey: notificationKeys.list({ tab: 'new', limit: POPOVER_NOTIFICATION_LIMIT }) });
  return [...new Set(query?.observers.map((observer) => observer.options.refetchInterval))];
}

describe('live notifications', () => {
  it("raise the bell's badge and show a toast when one arrives, without a reload", async () => {
    const { server, bell, user } = await consoleWithLiveChannel();
    const created = makeNotification({ title: 'New appointment', message: 'Ravi Kumar booked Dr. Meera Iyer (Cardiology) for 24 Nov, 10:30 am — token A-007' });
    server.add(created);
    act(() => FakeSocket.last().receive({ type: 'notification.created', notificationId: created.id, recipientStaffId: user.id }));
    await waitFor(() => expect(bell).toHaveAttribute('aria-description', '3 unread'));
    expect(bell).toHaveTextContent('3');
    expect(await screen.findByText('New appointment: Ravi Kumar booked Dr. Meera Iyer (Cardiology) for 24 Nov, 10:30 am — token A-007')).toBeInTheDocument();
  });

  it('poll only while the live channel is down', async () => {
    const { queryClient } = await consoleWithLiveChannel();
    await waitFor(() => expect(bellPolling(queryClient)).toEqual([false]));
    act(() => FakeSocket.last().onclose?.({ code: 1006 }));
    await waitFor(() => expect(bellPolling(queryClient)).toEqual([NOTIFICATION_FALLBACK_POLL_MS]));
  });
});
