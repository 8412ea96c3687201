import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { NOTIFICATION_FALLBACK_POLL_MS, POPOVER_NOTIFICATION_LIMIT } from './api/get-notifications';
import { fakeNotificationServer, makeNotification } from './notification-fixtures';
import { queryKeys } from '@/lib/query-keys';

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
  const query = queryClient.getQueryCache().find({ queryKey: queryKeys.notifications.list({ tab: 'new', limit: POPOVER_NOTIFICATION_LIMIT }) });
  return [...new Set(query?.observers.map((observer) => observer.options.refetchInterval))];
}

describe('live notifications', () => {
  it("raise the bell's badge and show a toast when one arrives, without a reload", async () => {
    const { server, bell, user } = await consoleWithLiveChannel();
    const created = makeNotification({ title: 'New appointment', message: 'Ravi Kumar booked Dr. Meera Iyer (Cardiology) for 24 Nov, 10:30 am — token A-007' });
    server.add(created);
    act(() => FakeSocket.last().receive({ type: 'notification.created', notificationId: created.id, recipientStaffId: user.id }));
    await waitFor(() => expect(bell).toHaveAttribute('aria-description', '3 unread'));
    // The count is drawn beside the button (its badge), not inside its name.
    expect(bell.parentElement).toHaveTextContent('3');
    expect(await screen.findByText('New appointment: Ravi Kumar booked Dr. Meera Iyer (Cardiology) for 24 Nov, 10:30 am — token A-007')).toBeInTheDocument();
  });

  it("toast with an 'Open' action that lands on the record: the appointment's drawer over its own day", async () => {
    const { server, user, router } = await consoleWithLiveChannel();
    const appointmentId = '20000000-0000-4000-8000-000000000021';
    const created = makeNotification({
      title: 'New appointment',
      message: 'Asha Rao booked Dr. Meera Iyer (Cardiology) for 5 Jan, 9:00 am — token A-003',
      details: { appointmentId, date: '2027-01-05' },
    });
    server.add(created);
    act(() => FakeSocket.last().receive({ type: 'notification.created', notificationId: created.id, recipientStaffId: user.id }));
    const toast = (await screen.findByText(/^New appointment: Asha Rao booked Dr. Meera Iyer/)).closest('.notistack-MuiContent') as HTMLElement;
    await userEvent.setup().click(within(toast).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/appointments?from=2027-01-05&open=${appointmentId}`));
  });

  it('do not toast the person who made the booking about their own action, but toast everyone else', async () => {
    const { server, bell, user } = await consoleWithLiveChannel();
    const own = makeNotification({ type: 'booking-created', title: 'New booking', message: 'Own booking by me', details: { actorStaffId: user.id } });
    const other = makeNotification({
      type: 'booking-created',
      title: 'New booking',
      message: 'Booking by a colleague',
      details: { actorStaffId: '20000000-0000-4000-8000-000000000031' },
    });
    server.add(own);
    act(() => FakeSocket.last().receive({ type: 'notification.created', notificationId: own.id, recipientStaffId: user.id }));
    await waitFor(() => expect(bell).toHaveAttribute('aria-description', '3 unread'));
    server.add(other);
    act(() => FakeSocket.last().receive({ type: 'notification.created', notificationId: other.id, recipientStaffId: user.id }));
    expect(await screen.findByText('New booking: Booking by a colleague')).toBeInTheDocument();
    expect(screen.queryByText('New booking: Own booking by me')).not.toBeInTheDocument();
  });

  it('poll only while the live channel is down', async () => {
    const { queryClient } = await consoleWithLiveChannel();
    await waitFor(() => expect(bellPolling(queryClient)).toEqual([false]));
    act(() => FakeSocket.last().onclose?.({ code: 1006 }));
    await waitFor(() => expect(bellPolling(queryClient)).toEqual([NOTIFICATION_FALLBACK_POLL_MS]));
  });
});
