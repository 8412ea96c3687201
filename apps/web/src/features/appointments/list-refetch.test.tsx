import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, type FakeReply } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, page } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('the appointments list while it reads again', () => {
  it('keeps its rows at full contrast for a live update, and is busy only while a new day loads', async () => {
    const reply: FakeReply = { data: page([appointmentRow(makeAppointment({ tokenNumber: 7 }))]) };
    // Each read after the first waits until the test lets it answer.
    const held: (() => void)[] = [];
    let reads = 0;
    const api = installFakeApi({
      ...headerRoutes(),
      'GET /doctors': { data: page([makeDoctor()]) },
      'GET /appointments': () => (reads++ === 0 ? reply : new Promise<FakeReply>((answer) => held.push(() => answer(reply)))),
    });
    restore = api.restore;
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    renderApp('/appointments', { liveEvents: fakeLiveEventsClient() });
    const grid = await screen.findByRole('grid', { name: 'Appointments' }, slow);
    expect(await within(grid).findByText('007')).toBeInTheDocument();
    expect(grid).toHaveAttribute('aria-busy', 'false');

    // Another desk booked: the same day is read again, and its rows stay as they are meanwhile.
    act(() => FakeSocket.last().ready());
    act(() => FakeSocket.last().receive({ type: 'appointment.updated', appointmentId: '40000000-0000-4000-8000-000000000009', status: 'BOOKED' }));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(grid).toHaveAttribute('aria-busy', 'false');
    expect(within(grid).getByText('007')).toBeVisible();
    act(() => held.shift()!());

    // The desk asked for another day: yesterday's rows stand in, dimmed and busy, until it answers.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(screen.getByRole('grid', { name: 'Appointments' })).toHaveAttribute('aria-busy', 'true');
    act(() => held.shift()!());
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Appointments' })).toHaveAttribute('aria-busy', 'false'));
  });
});
