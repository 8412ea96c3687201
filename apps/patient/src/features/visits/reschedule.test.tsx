import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedIn } from '@/test/fake-api';
import { inDays, slots } from '@/test/organisation-fixtures';
import { renderApp } from '@/test/render-app';
import { appointment, booking, page } from '@/test/visit-fixtures';

const upcoming = appointment({ date: inDays(3), startTime: '10:30' });
const SLOTS = `GET /patient/organisations/${upcoming.organisationId}/doctors/${upcoming.doctorId}/slots`;
const RESCHEDULE = `POST /patient/appointments/${upcoming.id}/reschedule`;

describe('rescheduling a visit', () => {
  it('moves an upcoming booked visit to a free slot of the same doctor', async () => {
    signedIn();
    let moved = false;
    const { calls } = fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([moved ? { ...upcoming, date: inDays(4), startTime: '11:00' } : upcoming]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([booking()]) }),
      [SLOTS]: (call) => ({ status: 200, body: slots(call.date, call.date === inDays(4) ? ['11:00', '11:15'] : ['09:00']) }),
      [RESCHEDULE]: () => {
        moved = true;
        return { status: 200, body: { ...upcoming, date: inDays(4), startTime: '11:00' } };
      },
    });
    await renderApp('/p/visits');
    const past = await screen.findByRole('list', { name: 'Past' });
    // A completed visit cannot move.
    expect(within(past).queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Reschedule: Dr. Kavya Rao/ }));

    const panel = screen.getByRole('region', { name: 'Move your visit' });
    expect(screen.getByRole('heading', { level: 2, name: 'Move your visit' })).toHaveFocus();
    const dates = within(panel).getByRole('group', { name: 'Date' });
    expect(within(dates).getAllByRole('button')[0]).toHaveAccessibleName(/^Today/);
    // Opens on the visit's own day.
    expect(within(dates).getAllByRole('button')[3]).toHaveAttribute('aria-pressed', 'true');
    expect(await within(panel).findByRole('button', { name: '9:00 am' })).toBeVisible();

    await userEvent.click(within(dates).getAllByRole('button')[4]!);
    await userEvent.click(await within(panel).findByRole('button', { name: '11:00 am' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Move visit' }));

    expect(await screen.findByText(/^Your visit is moved to .* at 11:00 am\.$/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Move your visit' })).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/reschedule'))).toMatchObject({
      method: 'POST',
      authorization: 'Bearer token-1',
      body: { date: inDays(4), startTime: '11:00' },
    });
    expect(calls.filter((call) => call.path.endsWith('/slots')).map((call) => call.date)).toEqual([inDays(3), inDays(4)]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Upcoming' })).getByRole('article', { name: 'Dr. Kavya Rao' })).toHaveTextContent('11:00 am'));
  });

  it('shows the server’s words when the new slot was just taken, and reloads the times', async () => {
    signedIn();
    let taken = false;
    fakeApi({
      'GET /patient/appointments': () => ({ status: 200, body: page([upcoming]) }),
      'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
      [SLOTS]: (call) => ({ status: 200, body: slots(call.date, taken ? ['09:15'] : ['09:00', '09:15']) }),
      [RESCHEDULE]: () => {
        taken = true;
        return { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'This slot has just been booked by someone else' } };
      },
    });
    await renderApp('/p/visits');
    await userEvent.click(await screen.findByRole('button', { name: /^Reschedule: Dr. Kavya Rao/ }));
    const panel = screen.getByRole('region', { name: 'Move your visit' });
    await userEvent.click(await within(panel).findByRole('button', { name: '9:00 am' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Move visit' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This slot has just been booked by someone else');
    expect(await within(panel).findByRole('button', { name: '9:15 am' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(panel).queryByRole('button', { name: '9:00 am' })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Keep current time' }));
    expect(screen.queryByRole('region', { name: 'Move your visit' })).toBeNull();
  });
});
