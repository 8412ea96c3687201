import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingRow, makeBooking } from '@/test/booking-fixtures';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, page, recording } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('scan and test bookings awaiting the desk’s confirmation', () => {
  const { day } = pinClock(MID_MORNING.at);

  it('marks them, filters them with the toggle and confirms one in its drawer', async () => {
    const waiting = makeBooking({ tokenNumber: 3, date: day(1), source: 'APP', awaitingConfirmation: true });
    let current = waiting;
    const list = recording(() => ({ data: page([bookingRow(current)]) }));
    const confirm = recording(() => {
      current = { ...waiting, awaitingConfirmation: false };
      return { data: current };
    });
    const api = installFakeApi({
      ...headerRoutes(),
      'GET /bookings': list.route,
      'GET /services': { data: page([]) },
      [`GET /bookings/${waiting.id}`]: () => ({ data: current }),
      [`POST /bookings/${waiting.id}/confirm`]: confirm.route,
    });
    restore = api.restore;
    storeSession(makeUser('SCAN', 'WORKER'));
    renderApp(`/bookings?from=${day(1)}&to=${day(1)}`);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Bookings' }, { timeout: 15_000 });
    expect(await within(grid).findByText('Awaiting confirmation')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Awaiting confirmation' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ awaitingConfirmation: 'true', from: day(1), to: day(1) }));

    await user.click(within(grid).getByText('Lakshmi Narayan'));
    const drawer = await screen.findByRole('dialog', { name: 'Token MR-003' }, { timeout: 15_000 });
    expect(within(drawer).getByText('Awaiting confirmation')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(confirm.seen).toHaveLength(1));
    await waitFor(() => expect(within(drawer).queryByText('Awaiting confirmation')).not.toBeInTheDocument());
  });
});
