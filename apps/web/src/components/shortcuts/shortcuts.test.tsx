import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appointmentRow, makeAppointment, makeDoctor } from '@/features/appointments/appointment-fixtures';
import { MID_MORNING, daysAt, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const emptyPage = { data: [], total: 0, page: 1, pageSize: 25 };

function open(path: string, type: 'HOSPITAL' | 'SCAN' = 'HOSPITAL') {
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: emptyPage },
    'GET /bookings': { data: emptyPage },
    'GET /doctors': { data: emptyPage },
    'GET /services': { data: emptyPage },
  });
  restore = api.restore;
  storeSession(makeUser(type, 'ADMIN'));
  return { ...renderApp(path), user: userEvent.setup() };
}

describe('keyboard shortcuts', () => {
  pinClock(MID_MORNING.at);

  it("'N' opens a new appointment; '?' lists what this page offers", async () => {
    const { user } = open('/appointments');
    await screen.findByRole('heading', { name: 'Appointments', level: 1 }, { timeout: 15_000 });
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('New appointment')).toBeInTheDocument();
    expect(within(help).getByText('Show these shortcuts')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it("'N' typed into a field is a letter, not a shortcut", async () => {
    const { user } = open('/appointments');
    await screen.findByRole('heading', { name: 'Appointments', level: 1 }, { timeout: 15_000 });
    // Into the header search, focused by its own shortcut: a click could land on its plain box just
    // as the autocomplete replaces it, and the key would then go to the page.
    await user.keyboard('{Control>}k{/Control}');
    const field = screen.getByPlaceholderText('Search patients, doctors');
    expect(field).toHaveFocus();
    await user.keyboard('n');
    expect(screen.queryByRole('dialog', { name: 'New appointment' })).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search patients, doctors')).toHaveValue('n');
  });

  it("'N' on Bookings opens a new booking", async () => {
    const { user } = open('/bookings', 'SCAN');
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'New booking' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('checking in from the keyboard', () => {
  pinClock(MID_MORNING.at);
  const { today } = daysAt(MID_MORNING.at);

  it("'C' in a visit's drawer checks it in", async () => {
    const booked = makeAppointment({ tokenNumber: 5, date: today });
    const checkIn = recording(() => ({ data: { ...booked, status: 'CHECKED_IN' } }));
    const api = installFakeApi({
      ...headerRoutes(),
      'GET /appointments': { data: page([appointmentRow(booked)]) },
      'GET /doctors': { data: page([makeDoctor()]) },
      [`GET /appointments/${booked.id}`]: { data: booked },
      [`POST /appointments/${booked.id}/actions/check-in`]: checkIn.route,
    });
    restore = api.restore;
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp(`/appointments?open=${booked.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Token 005' }, { timeout: 15_000 });
    await within(drawer).findByRole('button', { name: 'Check in' });
    within(drawer).getByRole('button', { name: 'Close' }).focus();
    const user = userEvent.setup();
    await user.keyboard('c');
    await waitFor(() => expect(checkIn.seen).toHaveLength(1));
  });
});
