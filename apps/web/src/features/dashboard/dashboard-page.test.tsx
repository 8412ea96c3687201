import type { Dashboard } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inIndia, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeHospitalDashboard, makeNewOrganisationDashboard, makeScanDashboard } from './dashboard-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function openDashboard(dashboard: Dashboard | FakeRoute, user = makeUser('HOSPITAL', 'ADMIN')) {
  const route = typeof dashboard === 'function' || !('today' in dashboard) ? dashboard : { data: dashboard };
  const api = installFakeApi({ ...headerRoutes(), 'GET /dashboard': route });
  restore = api.restore;
  storeSession(user);
  return { ...renderApp('/'), api, user: userEvent.setup() };
}

const figure = (name: string) => screen.getByRole('region', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe("the dashboard's figures", () => {
  it("shows a hospital's day: appointments by status, the queue, new patients, revenue in rupees, wallet and plan", async () => {
    openDashboard(makeHospitalDashboard());
    await screen.findByRole('region', { name: 'Appointments today' }, slow);
    expect(figure('Appointments today')).toHaveTextContent('7');
    expect(
      within(figure('Appointments today'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Booked: 3', 'Checked in: 2', 'Completed: 2']);
    expect(figure('Waiting now')).toHaveTextContent('2');
    expect(figure('Waiting now')).toHaveTextContent('Average wait 14 min');
    expect(figure('New patients this week')).toHaveTextContent('5');
    expect(figure('Revenue today')).toHaveTextContent('₹12,345.50');
    expect(figure('Revenue this month')).toHaveTextContent('₹1,23,456.70');
    // Revenue is money collected; beside it what was billed, and what bills still owe.
    expect(figure('Revenue today')).toHaveTextContent('Collected, less refunds');
    expect(figure('Billed today')).toHaveTextContent('₹15,000.00');
    expect(figure('Billed today')).toHaveTextContent('₹1,30,000.00 this month');
    expect(figure('Due')).toHaveTextContent('₹2,654.50');
    expect(figure('Wallet balance')).toHaveTextContent('₹2,450.00');
    expect(figure('Plan')).toHaveTextContent('Clinic Pro');
    expect(figure('Plan')).toHaveTextContent('Valid until 31 Jan 2030');
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bookings today' })).not.toBeInTheDocument();
    expect(screen.queryByText('Plan not Active.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('hides what the account does not have: a scan centre sees bookings, no appointments, no wallet', async () => {
    openDashboard(makeScanDashboard(), makeUser('SCAN', 'ADMIN'));
    await screen.findByRole('region', { name: 'Bookings today' }, slow);
    expect(figure('Bookings today')).toHaveTextContent('4');
    expect(figure('Bookings today')).toHaveTextContent('Report ready: 1');
    expect(screen.queryByRole('region', { name: 'Appointments today' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Wallet balance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Appointments by doctor (top ten)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Appointment status mix (last 30 days)' })).not.toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Bookings by service (top ten)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upcoming bookings' })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Visits per day, last 30 days' }))[0]).toHaveLength(2);
  });

  it("says 'No one called yet today' before the first call, and a lapsed plan in red", async () => {
    openDashboard(makeHospitalDashboard({ averageWaitMinutes: null, plan: { isActive: false, name: 'Clinic Pro', endsAt: '2020-01-31T00:00:00.000Z' } }));
    await screen.findByRole('region', { name: 'Waiting now' }, slow);
    expect(figure('Waiting now')).toHaveTextContent('No one called yet today');
    expect(figure('Plan')).toHaveTextContent('Ended on 31 Jan 2020');
  });
});

describe("the dashboard's waiting figure", () => {
  it("opens the queue: the doctors' token page for a hospital", async () => {
    const { router, user } = openDashboard(makeHospitalDashboard());
    const waiting = await screen.findByRole('link', { name: /^Waiting now/ }, slow);
    expect(waiting).toHaveAttribute('href', '/appointments/token');
    expect(within(figure('Waiting now')).getByRole('link')).toBe(waiting);
    await user.click(waiting);
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments/token'));
  });

  it("opens the scans' and tests' token page for a scan centre", async () => {
    openDashboard(makeScanDashboard(), makeUser('SCAN', 'ADMIN'));
    expect(await screen.findByRole('link', { name: /^Waiting now/ }, slow)).toHaveAttribute('href', '/bookings/token');
  });
});

describe('the dashboard at midnight', () => {
  pinClock(inIndia('2026-11-24', '23:59'));

  it("loads the new day's figures when the organisation's midnight passes while it is open", async () => {
    let calls = 0;
    openDashboard(() => {
      calls += 1;
      return { data: makeHospitalDashboard() };
    });
    await screen.findByRole('region', { name: 'Waiting now' }, slow);
    const before = calls;
    vi.setSystemTime(inIndia('2026-11-25', '00:00'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(calls).toBeGreaterThan(before));
    // Yesterday's figures stay on screen while the new day's load: no skeleton in between.
    expect(figure('Waiting now')).toBeInTheDocument();
  });
});

describe("the dashboard's plan alert", () => {
  it("warns 'Plan not Active.' and leads to /plan when the plan has lapsed", async () => {
    const { router, user } = openDashboard(makeHospitalDashboard({ plan: { isActive: false, name: null, endsAt: null } }));
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('Plan not Active.');
    const link = within(alert).getByRole('link', { name: 'View plan' });
    expect(link).toHaveAttribute('href', '/plan');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan'));
  });
});

describe("the dashboard's charts", () => {
  it('give each chart a named figure and a table with the same numbers', async () => {
    openDashboard(makeHospitalDashboard());
    const visits = await screen.findByRole('figure', { name: 'Visits per day (last 30 days)' }, slow);
    const table = within(visits).getByRole('table', { name: 'Visits per day, last 30 days' });
    const rows = rowsOf(table);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual(['09 Feb 2026', '0']);
    expect(rows[29]).toEqual(['10 Mar 2026', '7']);
    expect(rowsOf(screen.getByRole('table', { name: 'Appointments by doctor, last 30 days' }))).toEqual([
      ['Dr. Meera Iyer', '42'],
      ['Dr. Arjun Rao', '17'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Appointments by status, last 30 days' }))).toEqual([
      ['Booked', '5'],
      ['Checked in', '2'],
      ['In consultation', '1'],
      ['Completed', '48'],
      ['Cancelled', '4'],
      ['No-show', '3'],
    ]);
  });

  it("'Show as table' puts the table on screen in place of the chart", async () => {
    const { user } = openDashboard(makeHospitalDashboard());
    const doctors = await screen.findByRole('figure', { name: 'Appointments by doctor (top ten)' }, slow);
    const toggle = within(doctors).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(doctors).getByTestId('chart')).toHaveAttribute('aria-hidden', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(doctors).queryByTestId('chart')).not.toBeInTheDocument();
    expect(within(doctors).getByRole('table').parentElement).not.toHaveStyle({ position: 'absolute' });
  });
});

describe('a new organisation', () => {
  it('shows a friendly note instead of empty charts and no upcoming list', async () => {
    openDashboard(makeNewOrganisationDashboard());
    expect(await screen.findByText('No visits yet', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/appointments?new=1');
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upcoming appointments' })).not.toBeInTheDocument();
    expect(figure('Revenue today')).toHaveTextContent('₹0.00');
    expect(figure('Billed today')).toHaveTextContent('₹0.00');
    expect(figure('Due')).toHaveTextContent('₹0.00');
  });
});

describe('the dashboard while loading or failing', () => {
  it('shows skeletons first, and a retry when the figures cannot be loaded', async () => {
    let calls = 0;
    const { user } = openDashboard(() => {
      calls += 1;
      return calls === 1 ? { status: 500, data: { message: 'Database unavailable' } } : { data: makeHospitalDashboard() };
    });
    expect(await screen.findByRole('status', { name: 'Loading the dashboard' }, slow)).toBeInTheDocument();
    const alert = await screen.findByText(/The dashboard could not be loaded: Database unavailable/);
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Appointments today' })).toBeInTheDocument();
  });
});
