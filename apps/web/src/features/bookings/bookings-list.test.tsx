import type { Booking } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { DAY_INSTANTS, MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const scan = makeService({ name: 'CT Chest', category: 'CT', kind: 'SCAN' });

async function openList(rows: Booking[] = [makeBooking({ tokenNumber: 7 })], extra: Record<string, FakeRoute> = {}) {
  const list = recording(() => ({ data: page(rows.map(bookingRow)) }));
  const services = recording(() => ({ data: page([scan]) }));
  const api = installFakeApi({ ...headerRoutes(), 'GET /bookings': list.route, 'GET /services': services.route, ...extra });
  restore = api.restore;
  storeSession(makeUser('SCAN', 'ADMIN'));
  const view = renderApp('/bookings');
  const grid = await screen.findByRole('grid', { name: 'Bookings' }, { timeout: 15_000 });
  return { ...view, list, services, api, grid, user: userEvent.setup() };
}

// The days the page opens on and moves to are India's: run at mid-morning and either side of midnight there.
describe.each(DAY_INSTANTS)('the bookings list at $label', ({ at, week }) => {
  const { today, day } = pinClock(at);
  const tomorrow = day(1);

  it("shows today's scan and test bookings: token, time, patient, service and status", async () => {
    const { grid, list, services } = await openList();
    expect(screen.getByRole('heading', { name: 'Bookings', level: 1 })).toBeInTheDocument();
    expect(list.seen[0]?.params).toMatchObject({ from: today, to: today, sort: 'date', order: 'asc' });
    expect(services.seen[0]?.params).toMatchObject({ kind: 'SCAN,TEST', active: 'true' });
    expect(await within(grid).findByText('MR-007')).toBeInTheDocument();
    expect(within(grid).getByText('9:30 am')).toBeInTheDocument();
    expect(within(grid).getByText('Lakshmi Narayan')).toBeInTheDocument();
    expect(within(grid).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(grid).getByText('MRI Brain')).toBeInTheDocument();
    expect(within(grid).getByText('Booked')).toBeInTheDocument();
  });

  it('reschedules to a free place of the same scan', async () => {
    const booked = makeBooking({ tokenNumber: 6, date: today });
    const slots = recording(() => ({ data: { date: today, timeZone: 'Asia/Kolkata', slots: [{ start: '11:00', end: '11:30', capacity: 1, remaining: 1 }] } }));
    const move = recording(() => ({ data: { ...booked, startTime: '11:00' } }));
    const { grid, user } = await openList([booked], {
      [`GET /services/${booked.serviceId}/slots`]: slots.route,
      [`POST /bookings/${booked.id}/reschedule`]: move.route,
    });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token MR-006' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule booking' });
    await user.click(await within(dialog).findByRole('button', { name: '11:00 am' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ date: today, startTime: '11:00' }));
    expect(slots.seen[0]?.params).toEqual({ date: today });
  });

  it("moves to India's tomorrow and this week (Monday to Sunday)", async () => {
    const { list, user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: tomorrow, to: tomorrow }));
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: week.from, to: week.to }));
  });
});

describe('the bookings list', () => {
  const { day } = pinClock(MID_MORNING.at);
  const tomorrow = day(1);

  it('sends the date range, scan, kind, statuses and search to the API', async () => {
    const { list, user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: tomorrow, to: tomorrow }));
    await user.click(screen.getByRole('combobox', { name: 'Scan / test' }));
    await user.click(await screen.findByRole('option', { name: 'CT Chest' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ serviceId: scan.id }));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Tests' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ kind: 'TEST' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(await screen.findByRole('option', { name: 'Report ready' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ status: 'COMPLETED,REPORT_READY' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'MR-007');
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ search: 'MR-007', from: tomorrow, serviceId: scan.id, kind: 'TEST' }));
  });

  it('offers only the moves the status allows', async () => {
    const rows = [
      makeBooking({ tokenNumber: 1, status: 'CHECKED_IN' }),
      makeBooking({ tokenNumber: 2, status: 'IN_PROGRESS' }),
      makeBooking({ tokenNumber: 3, status: 'REPORT_READY' }),
    ];
    const { grid, user } = await openList(rows);
    await within(grid).findByText('MR-001');
    expect(within(grid).getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'More actions for token MR-001' }));
    const menu = await screen.findByRole('menu');
    // A checked-in booking may still be moved to another slot (the server allows it until it starts).
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['No-show', 'Cancel', 'Reschedule', 'Print slip', 'Collect fee']);
    await user.keyboard('{Escape}');
    await user.click(within(grid).getByRole('button', { name: 'More actions for token MR-003' }));
    const second = await screen.findByRole('menu');
    expect(
      within(second)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Print slip', 'Collect fee']);
  });

  it('checks in, starts and completes, each with a success toast', async () => {
    let current = makeBooking({ tokenNumber: 4 });
    const move = (status: Booking['status']) => () => {
      current = { ...current, status };
      return { data: current };
    };
    const { grid, user } = await openList(undefined, {
      'GET /bookings': () => ({ data: page([bookingRow(current)]) }),
      [`POST /bookings/${current.id}/actions/check-in`]: move('CHECKED_IN'),
      [`POST /bookings/${current.id}/actions/start`]: move('IN_PROGRESS'),
      [`POST /bookings/${current.id}/actions/complete`]: move('COMPLETED'),
    });
    await user.click(await within(grid).findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in: token MR-004')).toBeInTheDocument();
    await user.click(await within(grid).findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Started: token MR-004')).toBeInTheDocument();
    await user.click(await within(grid).findByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Completed: token MR-004')).toBeInTheDocument();
    expect(await within(grid).findByText('Completed')).toBeInTheDocument();
  });

  it('a refused move (409) shows the server message', async () => {
    const booked = makeBooking({ tokenNumber: 8 });
    const { grid, user, api } = await openList([booked], {
      [`POST /bookings/${booked.id}/actions/check-in`]: { status: 409, data: { message: 'Cannot check in: the booking is CANCELLED' } },
    });
    await user.click(await within(grid).findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Cannot check in: the booking is CANCELLED')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("prints a row's slip from the one record: the list has no reason or price", async () => {
    const booked = makeBooking({ tokenNumber: 9, reason: 'Knee pain', pricePaise: 350_000 });
    const one = recording(() => ({ data: booked }));
    const { grid, user } = await openList([booked], { [`GET /bookings/${booked.id}`]: one.route });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token MR-009' }));
    expect(one.seen).toHaveLength(0);
    await user.click(await screen.findByRole('menuitem', { name: 'Print slip' }));
    const slip = await screen.findByRole('region', { name: 'Booking slip' });
    expect(within(slip).getByText('Knee pain')).toBeInTheDocument();
    expect(within(slip).getByText('₹3,500.00')).toBeInTheDocument();
    expect(one.seen).toHaveLength(1);
  });

  it('cancel needs a reason, then sends it', async () => {
    const booked = makeBooking({ tokenNumber: 5 });
    const cancel = recording(() => ({ data: { ...booked, status: 'CANCELLED', cancelReason: 'Fever' } }));
    const { grid, user } = await openList([booked], { [`POST /bookings/${booked.id}/actions/cancel`]: cancel.route });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token MR-005' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(within(dialog).getByText('Enter the reason for cancelling')).toBeInTheDocument();
    expect(cancel.seen).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fever');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(cancel.seen[0]?.body).toEqual({ reason: 'Fever' }));
    expect(await screen.findByText('Booking cancelled: token MR-005')).toBeInTheDocument();
  });

  it("says 'No bookings' and clears the search and filters but keeps the dates", async () => {
    const list = recording(() => ({ data: page([]) }));
    const api = installFakeApi({ ...headerRoutes(), 'GET /bookings': list.route, 'GET /services': { data: page([scan]) } });
    restore = api.restore;
    storeSession(makeUser('SCAN', 'WORKER'));
    const { router } = renderApp(`/bookings?search=zzz&kind=TEST&from=${tomorrow}&to=${tomorrow}`);
    expect(await screen.findByText('Nothing matches this search and these filters.', undefined, { timeout: 15_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${tomorrow}&to=${tomorrow}`));
    expect(await screen.findByRole('button', { name: 'Book a scan or test' })).toBeInTheDocument();
  });
});
