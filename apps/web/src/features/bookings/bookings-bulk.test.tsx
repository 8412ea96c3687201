import type { Booking, BulkCancelResult, BulkRescheduleResult } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.restoreAllMocks();
});

const scan = makeService({ name: 'CT Chest', category: 'CT', kind: 'SCAN' });

async function openList(path: string, rows: Booking[], extra: Record<string, FakeRoute> = {}) {
  const list = recording(() => ({ data: page(rows.map(bookingRow)) }));
  const api = installFakeApi({ ...headerRoutes(), 'GET /bookings': list.route, 'GET /services': { data: page([scan]) }, ...extra });
  restore = api.restore;
  storeSession(makeUser('SCAN', 'ADMIN'));
  renderApp(path);
  const grid = await screen.findByRole('grid', { name: 'Bookings' }, slow);
  await within(grid).findByText(rows[0]!.tokenLabel);
  return { list, grid, user: userEvent.setup() };
}

describe('the bookings list: export, bulk cancel and reschedule', () => {
  const { today, day } = pinClock(MID_MORNING.at);

  it('downloads the CSV of the list’s dates, scan, kind, statuses and search, without its page', async () => {
    const exported = recording(() => ({ data: 'Date,Time\r\n', headers: { 'content-disposition': 'attachment; filename="bookings-2026-11-22.csv"' } }));
    URL.createObjectURL = () => 'blob:bookings';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const to = day(2);
    const { user } = await openList(
      `/bookings?from=${today}&to=${to}&serviceId=${scan.id}&kind=SCAN&status=COMPLETED&search=98765&pageSize=50`,
      [makeBooking({ tokenNumber: 4 })],
      {
        'GET /bookings/export.csv': exported.route,
      },
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported.seen).toHaveLength(1));
    expect(exported.seen[0]?.params).toEqual({ from: today, to, serviceId: scan.id, kind: 'SCAN', status: 'COMPLETED', search: '98765', sort: 'date', order: 'asc' });
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
  });

  it('cancels the ticked bookings once confirmed and says which were not found', async () => {
    const rows = [makeBooking({ tokenNumber: 1 }), makeBooking({ tokenNumber: 2, patientName: 'Sunita Pawar' })];
    const [first, second] = rows as [Booking, Booking];
    const result: BulkCancelResult = {
      results: [
        { id: first.id, outcome: 'cancelled' },
        { id: second.id, outcome: 'refused', reason: 'not-found', status: null, message: 'Booking not found' },
      ],
      cancelled: 1,
      refused: 1,
    };
    const cancel = recording(() => ({ data: result }));
    const { grid, user } = await openList('/bookings', rows, { 'POST /bookings/bulk-cancel': cancel.route });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected visits' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 bookings?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Scanner down');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 bookings' }));
    await waitFor(() => expect(cancel.seen[0]?.body).toEqual({ ids: [first.id, second.id], reason: 'Scanner down' }));
    expect(await screen.findByText('1 cancelled, 1 could not be: token MR-002 was not found')).toBeInTheDocument();
  });

  it('reschedules the ticked bookings to one day, each keeping its scan and time', async () => {
    const rows = [makeBooking({ tokenNumber: 1 }), makeBooking({ tokenNumber: 2, patientName: 'Sunita Pawar' })];
    const [first, second] = rows as [Booking, Booking];
    const result: BulkRescheduleResult = {
      results: [
        { id: first.id, outcome: 'moved', date: day(4), startTime: first.startTime, tokenLabel: 'MR-001' },
        { id: second.id, outcome: 'moved', date: day(4), startTime: second.startTime, tokenLabel: 'MR-002' },
      ],
      moved: 2,
      refused: 0,
    };
    const reschedule = recording(() => ({ data: result }));
    const { grid, user, list } = await openList('/bookings', rows, { 'POST /bookings/bulk-reschedule': reschedule.route });
    await user.click(within(grid).getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected visits' })).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule 2 bookings' });
    expect(within(dialog).getByRole('combobox', { name: 'Scan or test (optional)' })).toHaveValue('');
    await user.type(within(dialog).getByRole('textbox', { name: 'New date' }), day(4));
    const listed = list.seen.length;
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule 2 bookings' }));
    await waitFor(() => expect(reschedule.seen).toHaveLength(1));
    // No other scan chosen: none is sent, each keeps its own.
    expect(reschedule.seen[0]?.body).toEqual({ ids: [first.id, second.id], date: day(4) });
    expect(await screen.findByText('2 moved')).toBeInTheDocument();
    await waitFor(() => expect(list.seen.length).toBeGreaterThan(listed));
    expect(screen.queryByRole('region', { name: 'Selected visits' })).not.toBeInTheDocument();
  });
});
