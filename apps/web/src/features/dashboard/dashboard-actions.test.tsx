import type { Dashboard } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { fakeServerKey, installFakePushBrowser } from '@/test/fake-push';
import { renderApp, slow } from '@/test/render-app';
import { makeHospitalDashboard, makeNewOrganisationDashboard, makeScanDashboard } from './dashboard-fixtures';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A server whose dashboard answer the test changes between calls, counting the reads. */
function dashboardServer(first: Dashboard, routes: Record<string, FakeRoute> = {}, options: { user?: ReturnType<typeof makeUser>; live?: boolean } = {}) {
  const server = { current: first, reads: 0 };
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /dashboard': () => {
      server.reads += 1;
      return { data: server.current };
    },
    ...routes,
  });
  cleanups.push(api.restore);
  storeSession(options.user ?? makeUser('HOSPITAL', 'ADMIN'));
  const view = renderApp('/', options.live ? { liveEvents: fakeLiveEventsClient() } : {});
  return { ...view, api, server, user: userEvent.setup() };
}

const checklist = () => screen.findByRole('region', { name: 'Getting started' }, slow);

describe("the admins' getting-started checklist", () => {
  it("lists the four first steps with their links for a hospital's new admin", async () => {
    dashboardServer(makeNewOrganisationDashboard());
    const card = await checklist();
    expect(within(card).getByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Add a doctor or service',
      'Add staff',
      // jsdom has no push: the step says why it cannot be done here.
      'Enable notificationsThis browser cannot show notifications.',
      'Recharge wallet',
    ]);
    expect(within(card).getByRole('link', { name: 'Add a doctor or service' })).toHaveAttribute('href', '/doctor');
    expect(within(card).getByRole('link', { name: 'Add staff' })).toHaveAttribute('href', '/settings/staff');
    expect(within(card).getByRole('link', { name: 'Recharge wallet' })).toHaveAttribute('href', '/wallet');
    expect(within(card).getByRole('button', { name: 'Enable notifications' })).toBeDisabled();
    expect(card).toHaveTextContent('0 of 4 done');
  });

  it('sends a scan centre to its scans and tests, and marks done steps done', async () => {
    const dashboard = makeScanDashboard({ checklist: { hasDoctorOrService: false, hasStaff: true, notificationsEnabled: false, walletRecharged: true } });
    dashboardServer(dashboard, {}, { user: makeUser('SCAN', 'ADMIN') });
    const card = await checklist();
    expect(within(card).getByRole('link', { name: 'Add a doctor or service' })).toHaveAttribute('href', '/scan');
    expect(within(card).queryByRole('link', { name: 'Add staff' })).not.toBeInTheDocument();
    expect(within(card).getByText('Add staff')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')[1]).toHaveTextContent('Add staff (done)');
    expect(within(card).getAllByRole('listitem')[3]).toHaveTextContent('Recharge wallet (done)');
    expect(card).toHaveTextContent('2 of 4 done');
  });

  it('is for admins only: a scan worker sees the dashboard without it', async () => {
    dashboardServer(makeScanDashboard({ checklist: makeNewOrganisationDashboard().checklist }), {}, { user: makeUser('SCAN', 'WORKER') });
    await screen.findByRole('region', { name: 'Bookings today' }, slow);
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('is gone once every step is done', async () => {
    dashboardServer(makeHospitalDashboard());
    await screen.findByRole('region', { name: 'Appointments today' }, slow);
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it("'Enable notifications' asks for the permission through the push flow, saves the subscription and re-reads the checklist", async () => {
    const push = installFakePushBrowser({ permission: 'default', answer: 'granted' });
    cleanups.push(push.restore);
    const saved: unknown[] = [];
    const { server, user } = dashboardServer(makeNewOrganisationDashboard(), {
      'GET /fcm/config': { data: { publicKey: fakeServerKey(4) } },
      'POST /fcm/save': (body) => (saved.push(body), { status: 204 }),
    });
    const card = await checklist();
    expect(push.notification.requestPermission).not.toHaveBeenCalled();
    server.current = { ...server.current, checklist: { ...server.current.checklist, notificationsEnabled: true } };
    await user.click(within(card).getByRole('button', { name: 'Enable notifications' }));
    expect(await screen.findByText('Browser notifications are on')).toBeInTheDocument();
    expect(push.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([expect.objectContaining({ endpoint: push.pushManager.current!.endpoint })]);
    await waitFor(() => expect(within(card).getAllByRole('listitem')[2]).toHaveTextContent('Enable notifications (done)'));
  });
});

describe('the upcoming visits', () => {
  it('list the next visits with time, token, patient and doctor, opening each in its own list', async () => {
    const { user, router } = dashboardServer(makeHospitalDashboard());
    const list = await screen.findByRole('list', { name: 'Upcoming appointments' }, slow);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('10:30 am');
    expect(items[0]).toHaveTextContent('Today');
    expect(items[0]).toHaveTextContent('Ravi Kumar');
    expect(items[0]).toHaveTextContent('Dr. Meera Iyer');
    expect(items[0]).toHaveTextContent('Token A-007');
    expect(items[1]).toHaveTextContent('11 Mar 2026');
    expect(items[1]).toHaveTextContent('Checked in');
    // Only a BOOKED visit can be checked in.
    expect(within(items[1]!).queryByRole('button', { name: /^Check in/ })).not.toBeInTheDocument();
    await user.click(within(items[0]!).getByRole('link', { name: 'Open visit: Ravi Kumar, token A-007' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments'));
    expect(router.state.location.search).toBe('?open=40000000-0000-4000-8000-000000000001');
  });

  it('check a booked visit in through the action API and refetch the counts', async () => {
    const posted: string[] = [];
    const first = makeHospitalDashboard();
    const { server, user } = dashboardServer(first, {
      'POST /appointments/40000000-0000-4000-8000-000000000001/actions/check-in': (_body, config) => {
        posted.push(config.url ?? '');
        server.current = makeHospitalDashboard({
          waitingNow: 3,
          upcoming: first.upcoming.map((visit, index) => (index === 0 ? { ...visit, status: 'CHECKED_IN' } : visit)),
        });
        return { data: {} };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Check in Ravi Kumar, token A-007' }, slow));
    expect(await screen.findByText('Ravi Kumar checked in')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Waiting now' })).toHaveTextContent('3'));
    expect(screen.queryByRole('button', { name: 'Check in Ravi Kumar, token A-007' })).not.toBeInTheDocument();
    expect(server.reads).toBe(2);
  });

  it("show the server's refusal and refetch when the visit moved on meanwhile", async () => {
    const { server, user } = dashboardServer(
      makeScanDashboard(),
      {
        'POST /bookings/40000000-0000-4000-8000-000000000001/actions/check-in': { status: 409, data: { message: 'Cannot check-in: the booking is CANCELLED' } },
      },
      { user: makeUser('SCAN', 'ADMIN') },
    );
    await user.click(await screen.findByRole('button', { name: 'Check in Anil Shah, token 012' }, slow));
    expect(await screen.findByText('Cannot check-in: the booking is CANCELLED')).toBeInTheDocument();
    await waitFor(() => expect(server.reads).toBe(2));
  });
});

describe('the live dashboard', () => {
  it('refetches its counts when an appointment or a booking changes elsewhere', async () => {
    const { server } = dashboardServer(makeHospitalDashboard(), {}, { live: true });
    await screen.findByRole('region', { name: 'Appointments today' }, slow);
    act(() => FakeSocket.last().ready());
    const reads = server.reads;
    server.current = makeHospitalDashboard({ appointments: { ...makeHospitalDashboard().appointments!, today: 8 } });
    act(() => FakeSocket.last().receive({ type: 'appointment.updated', appointmentId: '40000000-0000-4000-8000-000000000009', status: 'BOOKED' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Appointments today' })).toHaveTextContent(/^Appointments today8/));
    expect(server.reads).toBe(reads + 1);
    act(() => FakeSocket.last().receive({ type: 'booking.updated', bookingId: '40000000-0000-4000-8000-000000000010', status: 'BOOKED' }));
    await waitFor(() => expect(server.reads).toBe(reads + 2));
  });
});
