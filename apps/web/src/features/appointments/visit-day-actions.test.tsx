import type { Appointment, Booking } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { BEFORE_MIDNIGHT, DAY_INSTANTS, inIndia, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { makeService } from '@/test/service-fixtures';
import { appointmentRow, makeAppointment, makeDoctor } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-06-01' -> '01 Jun 2026', written out rather than taken from the console's code. */
const shown = (date: string) => `${date.slice(8)} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
}

async function openAppointments(rows: Appointment[], extra: Record<string, FakeRoute> = {}) {
  withApi({ 'GET /appointments': { data: page(rows.map(appointmentRow)) }, 'GET /doctors': { data: page([makeDoctor()]) }, ...extra });
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  renderApp('/appointments');
  const grid = await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
  return { grid, user: userEvent.setup() };
}

const menuOf = async (user: ReturnType<typeof userEvent.setup>, grid: HTMLElement, token: string) => {
  await user.click(await within(grid).findByRole('button', { name: `More actions for token ${token}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await user.keyboard('{Escape}');
  return items;
};

// A visit is checked in, started, completed or marked no-show only on its day in India (the
// server refuses earlier), at any hour: at 00:05 IST the browser's UTC is still on yesterday.
describe.each(DAY_INSTANTS)('visit actions at $label', ({ at }) => {
  const { today, day } = pinClock(at);

  it("offers no check-in or no-show for tomorrow's appointment; today's and yesterday's keep them", async () => {
    const rows = [
      makeAppointment({ tokenNumber: 1, date: day(1) }),
      makeAppointment({ tokenNumber: 2, date: today }),
      makeAppointment({ tokenNumber: 3, date: day(-1), status: 'IN_CONSULTATION' }),
    ];
    const { grid, user } = await openAppointments(rows);
    await within(grid).findByText('001');
    expect(within(grid).getAllByRole('button', { name: 'Check in' })).toHaveLength(1);
    expect(await menuOf(user, grid, '001')).toEqual(['Cancel', 'Reschedule', 'Print slip', 'Collect fee']);
    expect(await menuOf(user, grid, '002')).toEqual(['No-show', 'Cancel', 'Reschedule', 'Print slip', 'Collect fee']);
    // Yesterday's visit can still be completed late.
    expect(within(grid).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
  });

  it("says in the drawer when tomorrow's appointment can be checked in", async () => {
    const booked = makeAppointment({ tokenNumber: 4, date: day(1) });
    const { grid, user } = await openAppointments([booked], { [`GET /appointments/${booked.id}`]: { data: booked } });
    await user.click(await within(grid).findByText('Lakshmi Narayan'));
    const drawer = await screen.findByRole('dialog', { name: 'Token 004' }, { timeout: 15_000 });
    expect(await within(drawer).findByText(`This visit is on ${shown(day(1))}; it can be checked in on that day.`)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'No-show' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("offers no start or complete for tomorrow's checked-in scan", async () => {
    const bookings: Booking[] = [makeBooking({ tokenNumber: 5, date: day(1), status: 'CHECKED_IN' }), makeBooking({ tokenNumber: 6, date: today, status: 'CHECKED_IN' })];
    withApi({ 'GET /bookings': { data: page(bookings.map(bookingRow)) }, 'GET /services': { data: page([makeService({ kind: 'SCAN' })]) } });
    storeSession(makeUser('SCAN', 'ADMIN'));
    renderApp('/bookings');
    const grid = await screen.findByRole('grid', { name: 'Bookings' }, { timeout: 15_000 });
    await within(grid).findByText('MR-005');
    expect(within(grid).getAllByRole('button', { name: 'Start' })).toHaveLength(1);
  });
});

describe.each(DAY_INSTANTS)('rescheduling at $label', ({ at }) => {
  const { today, day } = pinClock(at);

  it('takes a typed new date (month first too) and moves the visit there', async () => {
    const later = Array.from({ length: 40 }, (_, offset) => day(offset + 2)).find((date) => Number(date.slice(8)) > 12)!;
    const booked = makeAppointment({ tokenNumber: 6, date: today });
    const slots = recording((params) => ({ data: { date: String(params.date), timeZone: 'Asia/Kolkata', slots: [{ start: '11:00', end: '11:15', capacity: 1, remaining: 1 }] } }));
    const move = recording(() => ({ data: { ...booked, date: later, startTime: '11:00' } }));
    const { grid, user } = await openAppointments([booked], {
      [`GET /doctors/${booked.doctorId}/slots`]: slots.route,
      [`POST /appointments/${booked.id}/reschedule`]: move.route,
    });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token 006' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' }, { timeout: 15_000 });
    const date = within(dialog).getByRole('textbox', { name: 'New date' });
    await user.clear(date);
    await user.type(date, `${later.slice(5, 7)}/${later.slice(8)}/${later.slice(0, 4)}`);
    await waitFor(() => expect(slots.seen.at(-1)?.params).toEqual({ date: later }));
    await user.click(await within(dialog).findByRole('button', { name: '11:00 am' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ date: later, startTime: '11:00' }));
  });
});

describe('visit actions across midnight', () => {
  const { day } = pinClock(BEFORE_MIDNIGHT.at);

  it("offers check-in once India's midnight has passed, with the page still open", async () => {
    const { grid } = await openAppointments([makeAppointment({ tokenNumber: 7, date: day(1) })]);
    await within(grid).findByText('007');
    expect(within(grid).queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    // The tab slept through midnight; it wakes and the new day's actions appear.
    vi.setSystemTime(inIndia(day(1), '00:01'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await within(grid).findByRole('button', { name: 'Check in' })).toBeInTheDocument();
  });
});
