import type { LeaveVisitOutcome } from '@caredesk/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, page, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { makeDoctor } from '@/test/doctor-fixtures';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  vi.useRealTimers();
});

const away = makeDoctor({ name: 'Dr. Rohan Iyer', availability: [{ weekday: 3, start: '09:00', end: '12:00' }] });
const cover = makeDoctor({ name: 'Dr. Neha Kulkarni', specialization: 'General Medicine' });
const DAY = '2026-01-14';
const visit = (n: number, startTime: string) => ({
  id: `10000000-0000-4000-8000-00000000000${n}`,
  date: DAY,
  startTime,
  endTime: startTime.replace(':00', ':15'),
  tokenLabel: `00${n}`,
  status: 'BOOKED',
});
const [first, second] = [visit(1, '09:00'), visit(2, '10:00')];
const summary = (v: ReturnType<typeof visit>, patientName: string) => ({
  ...v,
  tokenNumber: Number(v.tokenLabel),
  patientId: '30000000-0000-4000-8000-000000000001',
  patientName,
  patientPhone: '+919800000000',
  doctorId: away.id,
  doctorName: away.name,
  specialization: away.specialization,
  awaitingConfirmation: false,
  overbooked: false,
});
const moved = (v: ReturnType<typeof visit>): LeaveVisitOutcome => ({
  ...v,
  outcome: 'moved',
  to: { doctorId: cover.id, doctorName: cover.name, date: DAY, startTime: v.startTime, tokenLabel: '004' },
  reason: null,
});
const notMoved = (v: ReturnType<typeof visit>): LeaveVisitOutcome => ({ ...v, outcome: 'not-moved', to: null, reason: 'This slot is full: choose another time' });

function withApi(routes: Record<string, FakeRoute>) {
  const api = installFakeApi({
    ...headerRoutes(),
    [`GET /doctors/${away.id}`]: { data: away },
    [`GET /doctors/${away.id}/days`]: { data: { data: [] } },
    'GET /doctors': { data: page([away, cover]) },
    'GET /appointments': { data: { ...page([summary(first, 'Sunita Pawar'), summary(second, 'Imran Sheikh')]), pageSize: 200 } },
    ...routes,
  });
  restore = api.restore;
  return api;
}

async function addLeaveOver(day: string) {
  storeSession(makeUser('HOSPITAL', 'ADMIN'));
  renderApp(`/doctor/${away.id}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Add leave' }, slow));
  const dialog = await screen.findByRole('dialog', { name: 'Leave for Dr. Rohan Iyer' });
  fireEvent.change(within(dialog).getByLabelText('Leave date'), { target: { value: day } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add leave date' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save leave' }));
  return dialog;
}

describe('leave over booked days', () => {
  beforeEach(() => {
    // Monday 12 January 2026, 8 am.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 12, 8, 0));
  });

  it('lists the visits with their patients, moves them to another doctor and shows each outcome', async () => {
    const posts: unknown[] = [];
    withApi({
      [`POST /doctors/${away.id}/leave`]: (body) => {
        posts.push(body);
        if (!(body as { visits?: unknown }).visits) return { status: 409, data: { statusCode: 409, error: 'Conflict', message: '2 visits are booked', visits: [first, second] } };
        return { data: { leaveDates: [DAY], visits: [moved(first), moved(second)] } };
      },
    });
    const dialog = await addLeaveOver(DAY);
    expect(await within(dialog).findByText('2 visits are booked on these days. Choose what becomes of them: each patient is told.')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Visits booked on the leave days' });
    expect(list).toHaveTextContent('14 Jan 2026, 9:00 am · token 001');
    expect(await within(list).findByText('Sunita Pawar')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Move to another doctor' }));
    expect(within(dialog).getByRole('button', { name: 'Move them and save leave' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Doctor' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dr. Neha Kulkarni (General Medicine)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move them and save leave' }));

    await waitFor(() => expect(posts.at(-1)).toEqual({ dates: [DAY], visits: { moveTo: { doctorId: cover.id } } }));
    expect(await within(dialog).findByText('Leave saved. Each patient is being told.')).toBeInTheDocument();
    const outcomes = within(dialog).getByRole('list', { name: 'What happened to each visit' });
    expect(within(outcomes).getAllByRole('listitem')[0]).toHaveTextContent('Moved to Dr. Neha Kulkarni, 14 Jan 2026 at 9:00 am, token 004');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves nothing while a visit cannot move, until the desk confirms keeping it booked', async () => {
    const posts: Record<string, unknown>[] = [];
    withApi({
      [`POST /doctors/${away.id}/leave`]: (body) => {
        const sent = body as Record<string, unknown>;
        posts.push(sent);
        if (!sent.visits) return { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'booked', visits: [first, second] } };
        if (!sent.partial) return { status: 409, data: { statusCode: 409, error: 'Conflict', message: '1 visit cannot move', visits: [moved(first), notMoved(second)] } };
        return { data: { leaveDates: [DAY], visits: [moved(first), notMoved(second)] } };
      },
    });
    const dialog = await addLeaveOver(DAY);
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Move to another day' }));
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: '2026-01-16' } });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Conference');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move them and save leave' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 visit cannot move. Nothing is saved yet.');
    const outcomes = within(dialog).getByRole('list', { name: 'What happened to each visit' });
    expect(
      within(outcomes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Would move to Dr. Neha Kulkarni'), expect.stringContaining('Not moved: This slot is full: choose another time')]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save leave, keep 1 visit booked' }));
    await waitFor(() => expect(posts.at(-1)).toEqual({ dates: [DAY], visits: { moveTo: { date: '2026-01-16' } }, reason: 'Conference', partial: true }));
    expect(await within(dialog).findByText('Leave saved. Each patient is being told.')).toBeInTheDocument();
  });

  it('from the doctor form: leave over a booked day opens the dialog, cancels the visits, then saves the form', async () => {
    const patches: unknown[] = [];
    let leaveSaved = false;
    withApi({
      [`PATCH /doctors/${away.id}`]: (body) => {
        patches.push(body);
        if (!leaveSaved) return { status: 409, data: { statusCode: 409, error: 'Conflict', message: '1 visit is booked', visits: [first] } };
        return { data: { ...away, leaveDates: [DAY] } };
      },
      [`POST /doctors/${away.id}/leave`]: (body) => {
        expect(body).toEqual({ dates: [DAY], visits: 'cancel' });
        leaveSaved = true;
        return { data: { leaveDates: [DAY], visits: [{ ...first, outcome: 'cancelled', to: null, reason: null }] } };
      },
    });
    storeSession(makeUser('HOSPITAL', 'ADMIN'));
    const { router } = renderApp(`/doctor/${away.id}/edit`);
    fireEvent.change(await screen.findByLabelText('Leave date', undefined, slow), { target: { value: DAY } });
    await userEvent.click(screen.getByRole('button', { name: 'Add leave date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave for Dr. Rohan Iyer' });
    expect(await within(dialog).findByText('Sunita Pawar')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel them and save leave' }));
    expect(await within(dialog).findByText('Cancelled')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/doctor/${away.id}`));
    expect(patches).toHaveLength(2);
  });
});
