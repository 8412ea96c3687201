import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MID_MORNING, pinClock } from '@/test/clock';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { appointmentRow, makeAppointment, makeDoctor, page, recording } from './appointment-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

async function openList(path: string, rows: ReturnType<typeof makeAppointment>[], extra: Record<string, FakeRoute> = {}) {
  const list = recording(() => ({ data: page(rows.map(appointmentRow)) }));
  const api = installFakeApi({ ...headerRoutes(), 'GET /appointments': list.route, 'GET /doctors': { data: page([makeDoctor()]) }, ...extra });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'WORKER'));
  const view = renderApp(path);
  return { ...view, list, user: userEvent.setup() };
}

describe('appointments awaiting the desk’s confirmation', () => {
  const { day } = pinClock(MID_MORNING.at);

  it('marks such a row, and confirms it from the row', async () => {
    const waiting = makeAppointment({ tokenNumber: 4, date: day(2), source: 'APP', awaitingConfirmation: true });
    const other = makeAppointment({ tokenNumber: 5, date: day(2), patientName: 'Ravi Kumar' });
    const confirm = recording(() => ({ data: { ...waiting, awaitingConfirmation: false } }));
    const { user } = await openList(`/appointments?from=${day(2)}&to=${day(2)}`, [waiting, other], { [`POST /appointments/${waiting.id}/confirm`]: confirm.route });
    const grid = await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
    const waitingRow = (await within(grid).findByText('Lakshmi Narayan')).closest('[role="row"]') as HTMLElement;
    expect(within(waitingRow).getByText('Awaiting confirmation')).toBeInTheDocument();
    const otherRow = within(grid).getByText('Ravi Kumar').closest('[role="row"]') as HTMLElement;
    expect(within(otherRow).queryByText('Awaiting confirmation')).not.toBeInTheDocument();
    expect(within(otherRow).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    await user.click(within(waitingRow).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(confirm.seen).toHaveLength(1));
    expect(await screen.findByText('Confirmed: token 004')).toBeInTheDocument();
  });

  it('lists only those awaiting confirmation with the toggle, and back', async () => {
    const { list, user, router } = await openList('/appointments', [makeAppointment()]);
    await screen.findByRole('grid', { name: 'Appointments' }, { timeout: 15_000 });
    const toggle = screen.getByRole('button', { name: 'Awaiting confirmation' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(list.seen[0]?.params).not.toHaveProperty('awaitingConfirmation');
    await user.click(toggle);
    await waitFor(() => expect(list.seen.at(-1)?.params).toMatchObject({ awaitingConfirmation: 'true' }));
    expect(router.state.location.search).toContain('awaitingConfirmation=true');
    expect(screen.getByRole('button', { name: 'Awaiting confirmation' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Awaiting confirmation' }));
    await waitFor(() => expect(list.seen.at(-1)?.params).not.toHaveProperty('awaitingConfirmation'));
  });

  it('shows it in the drawer, with a Confirm button that goes once it is confirmed', async () => {
    const waiting = makeAppointment({ tokenNumber: 6, date: day(3), source: 'APP', awaitingConfirmation: true });
    let current = waiting;
    const confirm = recording(() => {
      current = { ...waiting, awaitingConfirmation: false };
      return { data: current };
    });
    const { user } = await openList(`/appointments?from=${day(3)}&to=${day(3)}&open=${waiting.id}`, [waiting], {
      [`GET /appointments/${waiting.id}`]: () => ({ data: current }),
      [`POST /appointments/${waiting.id}/confirm`]: confirm.route,
    });
    const drawer = await screen.findByRole('dialog', { name: 'Token 006' }, { timeout: 15_000 });
    expect(within(drawer).getByText('Awaiting confirmation')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(confirm.seen).toHaveLength(1));
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument());
    expect(within(drawer).queryByText('Awaiting confirmation')).not.toBeInTheDocument();
  });
});
