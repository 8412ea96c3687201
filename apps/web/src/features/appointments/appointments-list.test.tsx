import { CONTROL_CHARACTERS_MESSAGE } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_INSTANTS, MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  return api;
}

const doctor = makeDoctor({ name: 'Dr. Arjun Nair', specialization: 'Neurology' });

async function openList(rows = [makeAppointment({ tokenNumber: 7 })], extra: Record<string, FakeRoute> = {}) {
  const list = recording(() => ({ data: page(rows.map(appointmentRow)) }));
  const api = withApi({ 'GET /appointments': list.route, 'GET /doctors': { data: page([doctor]) }, ...extra });
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  const view = renderApp('/appointments');
  const grid = await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
  return { ...view, list, api, grid, user: userEvent.setup() };
}

/** The reschedule dialog of a booked appointment on `date`, its doctor free at 11:00 on any day. */
async function openReschedule(date: string) {
  const booked = makeAppointment({ tokenNumber: 6, date });
  const slots = recording((params) => ({ data: { date: String(params.date), timeZone: 'Asia/Kolkata', slots: [{ start: '11:00', end: '11:15', capacity: 1, remaining: 1 }] } }));
  const move = recording(() => ({ data: { ...booked, startTime: '11:00' } }));
  const { grid, user } = await openList([booked], {
    [`GET /doctors/${booked.doctorId}/slots`]: slots.route,
    [`POST /appointments/${booked.id}/reschedule`]: move.route,
  });
  await user.click(await within(grid).findByRole('button', { name: 'More actions for token 006' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Reschedule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
  return { dialog, slots, move, user };
}

// The days the list opens on and moves to are India's: run at mid-morning and either side of midnight there.
describe.each(DAY_INSTANTS)('the appointments list at $label', ({ at, week }) => {
  const { today, day } = pinClock(at);
  const tomorrow = day(1);

  it("shows today's appointments: token, time, patient, doctor and status", async () => {
    const { grid, list } = await openList();
    expect(screen.getByRole('heading', { name: 'Appointments', level: 1 })).toBeInTheDocument();
    expect(list.seen[0]?.params).toMatchObject({ from: today, to: today, sort: 'date', order: 'asc' });
    expect(await within(grid).findByText('007')).toBeInTheDocument();
    expect(within(grid).getByText('9:30 am')).toBeInTheDocument();
    expect(within(grid).getByText('Lakshmi Narayan')).toBeInTheDocument();
    expect(within(grid).getByText('+91 98765 43210')).toBeInTheDocument();
    expect(within(grid).getByText('Booked')).toBeInTheDocument();
  });

  it("moves to India's tomorrow and this week (Monday to Sunday)", async () => {
    const { list, user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: tomorrow, to: tomorrow }));
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: week.from, to: week.to }));
  });

  it('reschedules to a free slot of the same doctor', async () => {
    const { dialog, slots, move, user } = await openReschedule(today);
    await user.click(await within(dialog).findByRole('button', { name: '11:00 am' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ date: today, startTime: '11:00' }));
    expect(slots.seen[0]?.params).toEqual({ date: today });
  });
});

describe('the appointments list', () => {
  const { day } = pinClock(MID_MORNING.at);
  const tomorrow = day(1);

  it('sends the date range, doctor, statuses and search to the API', async () => {
    const { list, user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ from: tomorrow, to: tomorrow }));
    await user.click(screen.getByRole('combobox', { name: 'Doctor' }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Arjun Nair' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ doctorId: doctor.id }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Booked' }));
    await user.click(await screen.findByRole('option', { name: 'Checked in' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ status: 'BOOKED,CHECKED_IN' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '007');
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ search: '007', from: tomorrow, doctorId: doctor.id }));
  });

  it('offers only the moves the status allows', async () => {
    const rows = [
      makeAppointment({ tokenNumber: 1, status: 'BOOKED' }),
      makeAppointment({ tokenNumber: 2, status: 'IN_CONSULTATION' }),
      makeAppointment({ tokenNumber: 3, status: 'COMPLETED' }),
    ];
    const { grid, user } = await openList(rows);
    await within(grid).findByText('001');
    expect(within(grid).getByRole('button', { name: 'Check in' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'More actions for token 001' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['No-show', 'Cancel', 'Reschedule', 'Print slip', 'Collect fee']);
    await user.keyboard('{Escape}');
    await user.click(within(grid).getByRole('button', { name: 'More actions for token 003' }));
    const second = await screen.findByRole('menu');
    expect(
      within(second)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Print slip', 'Collect fee']);
  });
  it('checks in, with a success toast; a 409 shows the server message', async () => {
    const booked = makeAppointment({ tokenNumber: 4 });
    const { grid, user, api } = await openList([booked], {
      [`POST /appointments/${booked.id}/actions/check-in`]: { status: 409, data: { message: 'Cannot check in: the appointment is CANCELLED' } },
    });
    await user.click(await within(grid).findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Cannot check in: the appointment is CANCELLED')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
  it('cancel needs a reason, then sends it', async () => {
    const booked = makeAppointment({ tokenNumber: 5 });
    const cancel = recording(() => ({ data: { ...booked, status: 'CANCELLED', cancelReason: 'Unwell' } }));
    const { grid, user } = await openList([booked], { [`POST /appointments/${booked.id}/actions/cancel`]: cancel.route });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token 005' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(within(dialog).getByText('Enter the reason for cancelling')).toBeInTheDocument();
    expect(cancel.seen).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Unwell');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(cancel.seen[0]?.body).toEqual({ reason: 'Unwell' }));
    expect(await screen.findByText('Appointment cancelled: token 005')).toBeInTheDocument();
  });
  it('refuses a reschedule reason the shared schema refuses, on the field, and sends nothing', async () => {
    const { dialog, move, user } = await openReschedule(day(0));
    await user.click(await within(dialog).findByRole('button', { name: '11:00 am' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    // No keyboard types a control character, but a paste can carry one.
    await user.click(reason);
    await user.paste('Doctor\u0007 in surgery');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText(CONTROL_CHARACTERS_MESSAGE)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(CONTROL_CHARACTERS_MESSAGE);
    expect(move.seen).toHaveLength(0);
    await user.clear(reason);
    await user.type(reason, '  Doctor in surgery ');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ date: day(0), startTime: '11:00', reason: 'Doctor in surgery' }));
  });
  it("prints a row's slip from the one record: the list has no reason or fee", async () => {
    const booked = makeAppointment({ tokenNumber: 8, reason: 'Chest pain', feePaise: 80_000 });
    const one = recording(() => ({ data: booked }));
    const { grid, user } = await openList([booked], { [`GET /appointments/${booked.id}`]: one.route });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token 008' }));
    expect(one.seen).toHaveLength(0);
    await user.click(await screen.findByRole('menuitem', { name: 'Print slip' }));
    const slip = await screen.findByRole('region', { name: 'Appointment slip' });
    expect(within(slip).getByText('Chest pain')).toBeInTheDocument();
    expect(within(slip).getByText('₹800.00')).toBeInTheDocument();
    expect(one.seen).toHaveLength(1);
  });
  it('opens a row in the drawer with its history', async () => {
    const booked = makeAppointment({
      tokenNumber: 9,
      history: [
        { at: '2026-11-21T10:00:00.000Z', byStaffId: null, byName: 'Asha Rao', action: 'create', fromStatus: null, toStatus: 'BOOKED', note: null },
        {
          at: '2026-11-21T11:00:00.000Z',
          byStaffId: null,
          byName: 'Asha Rao',
          action: 'reschedule',
          fromStatus: 'BOOKED',
          toStatus: 'BOOKED',
          note: 'from 2026-11-22 09:00 to 2026-11-23 09:30',
        },
      ],
    });
    const { grid, user } = await openList([booked], { [`GET /appointments/${booked.id}`]: { data: booked } });
    await user.click(await within(grid).findByText('Lakshmi Narayan'));
    const drawer = await screen.findByRole('dialog', { name: 'Token 009' });
    expect(within(drawer).getByText('New → Booked')).toBeInTheDocument();
    const history = within(drawer).getByRole('list', { name: 'History' });
    expect(within(history).getByText('Reschedule')).toBeInTheDocument();
    expect(within(history).getAllByText(/Asha Rao/)).toHaveLength(2);
    expect(within(drawer).getByText('from 2026-11-22 09:00 to 2026-11-23 09:30')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Check in' })).toBeInTheDocument();
  });
  it("says 'No appointments' and clears the search and filters but keeps the dates", async () => {
    const list = recording(() => ({ data: page([]) }));
    withApi({ 'GET /appointments': list.route, 'GET /doctors': { data: page([doctor]) } });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/appointments?search=zzz&status=NO_SHOW&from=${tomorrow}&to=${tomorrow}`);
    expect(await screen.findByText('Nothing matches this search and these filters.', undefined, { timeout: 15_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${tomorrow}&to=${tomorrow}`));
    expect(await screen.findByRole('button', { name: 'Book an appointment' })).toBeInTheDocument();
  });
});
