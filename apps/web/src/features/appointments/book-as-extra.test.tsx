import type { SlotsResponse } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, daysAt, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { patientPage } from '@/test/patient-fixtures';
import { appointmentRow, makeAppointment, makeDoctor, makePatient, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const { today, day } = daysAt(MID_MORNING.at);
const tomorrow = day(1);
const doctor = makeDoctor({ name: 'Dr. Arjun Nair', extraPerDay: 2 });
const patient = makePatient({ name: 'Lakshmi Narayan' });
const slot = (start: string, remaining: number) => ({ start, end: start, capacity: 1, remaining });

/** A day whose free and full slots and extras left the desk's slots call answers. */
const dayOf = (free: string[], full: string[], left: number, date = today): SlotsResponse => ({
  date,
  timeZone: 'Asia/Kolkata',
  slots: free.map((start) => slot(start, 1)),
  full: full.map((start) => slot(start, 0)),
  extras: { allowance: 2, left },
});

function setup(routes: Record<string, FakeRoute>, path = '/appointments?new=1') {
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /appointments': { data: page([]) },
    'GET /doctors': { data: page([doctor]) },
    'GET /patients': { data: patientPage([patient]) },
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'WORKER'));
  renderApp(path);
  return { api, user: userEvent.setup() };
}

async function pickPatientAndDoctor(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, { timeout: 30_000 });
  await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'laksh');
  await user.click(await within(dialog).findByRole('option', { name: /Lakshmi Narayan/ }, { timeout: 5_000 }));
  await user.click(within(dialog).getByRole('combobox', { name: 'Doctor' }));
  await user.click(await screen.findByRole('option', { name: /Dr. Arjun Nair/ }));
  return dialog;
}

describe('a full day in the booking dialog', () => {
  pinClock(MID_MORNING.at);

  it("offers 'Book as extra (n of N left today)' instead of only 'No free slots', and books it as one", async () => {
    const book = recording(() => ({ status: 201, data: makeAppointment({ overbooked: true, startTime: '11:00' }) }));
    const { user } = setup({ [`GET /doctors/${doctor.id}/slots`]: { data: dayOf([], ['11:00', '11:15'], 1) }, 'POST /appointments': book.route });
    const dialog = await pickPatientAndDoctor(user);
    expect(await within(dialog).findByText('No free slots on this day')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book as extra (1 of 2 left today)' }));
    const full = within(dialog).getByRole('group', { name: 'Full slots: book as an extra' });
    await user.click(within(full).getByRole('button', { name: '11:00 am, extra' }));
    expect(within(full).getByRole('button', { name: '11:00 am, extra' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Book as extra' }));
    await waitFor(() => expect(book.seen[0]?.body).toEqual({ doctorId: doctor.id, patientId: patient.id, date: today, startTime: '11:00', overbook: true }));
  }, 60_000);

  it('never asks for an extra when a free slot is chosen, even after looking at the full ones', async () => {
    const book = recording(() => ({ status: 201, data: makeAppointment() }));
    const { user } = setup({ [`GET /doctors/${doctor.id}/slots`]: { data: dayOf(['12:00'], ['11:00'], 2) }, 'POST /appointments': book.route });
    const dialog = await pickPatientAndDoctor(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Book as extra (2 of 2 left today)' }));
    await user.click(within(dialog).getByRole('button', { name: '11:00 am, extra' }));
    // Changing one's mind: the free slot replaces the extra.
    await user.click(within(within(dialog).getByRole('group', { name: 'Free slots' })).getByRole('button', { name: '12:00 pm' }));
    expect(within(dialog).getByRole('button', { name: '11:00 am, extra' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(book.seen[0]?.body).toEqual({ doctorId: doctor.id, patientId: patient.id, date: today, startTime: '12:00' }));
  });

  it('says when the allowance is used up, and another day by its date', async () => {
    const { user } = setup({
      [`GET /doctors/${doctor.id}/slots`]: (_body, config) => {
        const date = String((config.params as { date: string }).date);
        return { data: date === today ? dayOf([], ['11:00'], 0) : dayOf([], ['09:00'], 2, date) };
      },
    });
    const dialog = await pickPatientAndDoctor(user);
    expect(await within(dialog).findByText('The slots are full, and all 2 extras of this day are booked')).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Full slots: book as an extra' })).not.toBeInTheDocument();
    const date = within(dialog).getByRole('textbox', { name: 'Date' });
    await user.clear(date);
    await user.type(date, `${tomorrow.slice(8)}/${tomorrow.slice(5, 7)}/${tomorrow.slice(0, 4)}`);
    expect(await within(dialog).findByRole('button', { name: /^Book as extra \(2 of 2 left on / })).toBeInTheDocument();
  });

  it('a doctor without an allowance shows only that the day is full', async () => {
    const { user } = setup({ [`GET /doctors/${doctor.id}/slots`]: { data: { ...dayOf([], ['11:00'], 0), extras: { allowance: 0, left: 0 } } } });
    const dialog = await pickPatientAndDoctor(user);
    expect(await within(dialog).findByText('No free slots on this day')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Book as extra/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/extras of this day/)).not.toBeInTheDocument();
  });
});

describe('an extra in the list', () => {
  pinClock(MID_MORNING.at);

  it('carries an Extra chip beside its status', async () => {
    setup(
      {
        'GET /appointments': {
          data: page([makeAppointment({ patientName: 'Extra Esha', overbooked: true }), makeAppointment({ patientName: 'Plain Prakash' })].map(appointmentRow)),
        },
      },
      '/appointments',
    );
    const grid = await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
    await within(grid).findByText('Extra Esha');
    const rows = within(grid).getAllByRole('row');
    const extra = rows.find((row) => row.textContent?.includes('Extra Esha'));
    const plain = rows.find((row) => row.textContent?.includes('Plain Prakash'));
    expect(extra && within(extra).getByText('Extra')).toBeInTheDocument();
    expect(plain && within(plain).queryByText('Extra')).toBeNull();
  });
});

describe('rescheduling an appointment into a full slot', () => {
  pinClock(MID_MORNING.at);

  it("offers 'Move in as extra' in the doctor's allowance and moves it as one", async () => {
    const appointment = makeAppointment({ tokenNumber: 6, date: today, startTime: '09:30', doctorId: doctor.id, doctorName: doctor.name });
    const move = recording(() => ({ data: { ...appointment, startTime: '11:00', overbooked: true } }));
    const { user } = setup(
      {
        'GET /appointments': { data: page([appointmentRow(appointment)]) },
        [`GET /doctors/${doctor.id}/slots`]: { data: dayOf(['12:00'], ['11:00'], 2) },
        [`POST /appointments/${appointment.id}/reschedule`]: move.route,
      },
      '/appointments',
    );
    const grid = await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
    await user.click(await within(grid).findByRole('button', { name: 'More actions for token 006' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Move in as extra (2 of 2 left today)' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Full slots: move in as an extra' })).getByRole('button', { name: '11:00 am, extra' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move as extra' }));
    await waitFor(() => expect(move.seen[0]?.body).toEqual({ date: today, startTime: '11:00', overbook: true }));
    expect(await screen.findByText(/^Rescheduled to .*, 11:00 am, as an extra$/)).toBeInTheDocument();
  });
});
