import type { SlotsResponse } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const scan = makeService({ name: 'MRI Brain', category: 'MRI', kind: 'SCAN' });
const slot = (start: string, remaining: number) => ({ start, end: start, capacity: 1, remaining });

describe('rescheduling a booking into a full day', () => {
  const { today } = pinClock(MID_MORNING.at);
  const booked = makeBooking({ tokenNumber: 6, date: today, startTime: '09:30' });
  /** The scan's day: no free place, 11:00 full, and `allowance` extras of which `left` are left. */
  const fullDay = (allowance: number, left: number): SlotsResponse => ({ date: today, timeZone: 'Asia/Kolkata', slots: [], full: [slot('11:00', 0)], extras: { allowance, left } });

  function openList(routes: Record<string, FakeRoute>) {
    const api = installFakeApi({ ...headerRoutes(), 'GET /services': { data: page([scan]) }, ...routes });
    restore = api.restore;
    storeSession(makeUser('SCAN', 'WORKER'));
    renderApp('/bookings');
    return userEvent.setup();
  }

  async function openReschedule(user: ReturnType<typeof userEvent.setup>) {
    const grid = await screen.findByRole('grid', { name: 'Bookings' }, { timeout: 15_000 });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token MR-006' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule booking' });
    expect(await within(dialog).findByText('No free slots on this day')).toBeInTheDocument();
    return { grid, dialog };
  }

  it('offers to move in as an extra, sends overbook, and the moved booking carries the Extra marker', async () => {
    const moved = { ...booked, startTime: '11:00', overbooked: true };
    const move = recording(() => ({ data: moved }));
    // The list as the server answers it: the booking an extra once it has moved.
    const list = recording(() => ({ data: page([bookingRow(move.seen.length > 0 ? moved : booked)]) }));
    const user = openList({
      'GET /bookings': list.route,
      [`GET /services/${booked.serviceId}/slots`]: { data: fullDay(2, 1) },
      [`POST /bookings/${booked.id}/reschedule`]: move.route,
    });
    const { grid, dialog } = await openReschedule(user);
    expect(within(grid).queryByText('Extra')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Move in as extra (1 of 2 left today)' }));
    const full = within(dialog).getByRole('group', { name: 'Full slots: move in as an extra' });
    await user.click(within(full).getByRole('button', { name: '11:00 am, extra' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move as extra' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ date: today, startTime: '11:00', overbook: true }));
    expect(await screen.findByText(/^Rescheduled to .*, 11:00 am, as an extra$/)).toBeInTheDocument();
    const row = (await within(grid).findAllByRole('row')).find((candidate) => candidate.textContent?.includes('MR-006'));
    await waitFor(() => expect(row && within(row).getByText('Extra')).toBeInTheDocument());
  });

  it('offers no extra when the scan allows none: the full day stays full', async () => {
    const user = openList({ 'GET /bookings': { data: page([bookingRow(booked)]) }, [`GET /services/${booked.serviceId}/slots`]: { data: fullDay(0, 0) } });
    const { dialog } = await openReschedule(user);
    expect(within(dialog).queryByRole('button', { name: /Move in as extra/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeDisabled();
  });
});
