import type { TokenEntry, TokenQueue } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, type FakeRoute } from '@/test/fake-api';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { spokenToken } from './announce';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const entry = (tokenNumber: number, patientName: string, status = 'CHECKED_IN'): TokenEntry => ({
  visitId: crypto.randomUUID(),
  tokenNumber,
  tokenLabel: `A-${String(tokenNumber).padStart(3, '0')}`,
  patientName,
  startTime: '10:00',
  status,
  checkedInAt: '2026-11-22T04:00:00.000Z',
  calledAt: null,
});

function makeQueue(overrides: Partial<TokenQueue> = {}): TokenQueue {
  const waiting = [entry(1, 'Ravi Kumar'), entry(2, 'Sita Devi')];
  return {
    kind: 'doctors',
    id: crypto.randomUUID(),
    name: 'Dr. Meera Joshi',
    subtitle: 'Cardiology',
    resource: 'DOCTOR',
    tokenPrefix: 'A',
    facilityId: null,
    date: '2026-11-22',
    nowServing: null,
    next: waiting[0]!,
    waiting,
    skipped: [],
    notArrived: [entry(3, 'Late Comer', 'BOOKED')],
    waitingCount: 2,
    doneCount: 4,
    averageWaitMinutes: 12.4,
    lastAction: null,
    ...overrides,
  };
}

function open(path: string, routes: Record<string, FakeRoute>, type: 'HOSPITAL' | 'SCAN' = 'HOSPITAL') {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  storeSession(makeUser(type, 'WORKER'));
  return { ...renderApp(path), api, user: userEvent.setup() };
}

describe('the token page', () => {
  it("shows each doctor's queue: now serving, next, waiting, done and the average wait", async () => {
    const queue = makeQueue();
    open('/appointments/token', { 'GET /tokens/doctors': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [queue] } } });
    const card = await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Appointment tokens', level: 1 })).toBeInTheDocument();
    expect(within(card).getByTestId('now-serving')).toHaveTextContent('—');
    expect(within(card).getByTestId('next-token')).toHaveTextContent('A-001');
    expect(within(within(card).getByRole('list', { name: 'Waiting' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).getByText('12 min')).toBeInTheDocument();
    expect(within(card).getByText('4')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Complete' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Undo' })).toBeDisabled();
  });

  it('Call next posts the action and shows the called token at once', async () => {
    const queue = makeQueue();
    const called = makeQueue({ id: queue.id, nowServing: { ...queue.waiting[0]!, status: 'IN_CONSULTATION' }, next: queue.waiting[1]!, waiting: [queue.waiting[1]!], waitingCount: 1, lastAction: { action: 'call-next', at: '2026-11-22T05:00:00.000Z', tokenLabel: 'A-001' } });
    let current = queue;
    const { api, user } = open('/appointments/token', {
      'GET /tokens/doctors': () => ({ data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [current] } }),
      [`POST /tokens/doctors/${queue.id}/actions/call-next`]: () => {
        current = called;
        return { data: called };
      },
    });
    const card = await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Call next' }));
    await waitFor(() => expect(within(card).getByTestId('now-serving')).toHaveTextContent('A-001'));
    expect(within(card).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST' && call.url.endsWith('/actions/call-next'))).toBe(true);
    expect(await screen.findByText('Called A-001')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  it('recalls a skipped token by its own button, and shows a refused action as an error', async () => {
    const skipped = entry(5, 'Skipped Sam');
    const queue = makeQueue({ skipped: [skipped] });
    const { api, user } = open('/appointments/token', {
      'GET /tokens/doctors': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [queue] } },
      [`POST /tokens/doctors/${queue.id}/actions/recall`]: { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'This token was not skipped' } },
    });
    const card = await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Recall A-005' }));
    expect(await screen.findByText('This token was not skipped')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/actions/recall'))?.body).toEqual({ visitId: skipped.visitId });
  });

  it('opens the waiting-room display: large tokens, a Now serving label per doctor, no buttons; Escape leaves it', async () => {
    const queue = makeQueue({ nowServing: { ...entry(1, 'Ravi Kumar'), status: 'IN_CONSULTATION' } });
    const { user, router } = open('/appointments/token', { 'GET /tokens/doctors': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [queue] } } });
    await user.click(await screen.findByRole('button', { name: 'Open display' }, { timeout: 15_000 }));
    const display = await screen.findByRole('region', { name: 'Waiting room display' });
    expect(router.state.location.search).toBe('?display=1');
    const tile = within(display).getByRole('region', { name: 'Dr. Meera Joshi' });
    expect(within(tile).getByText('Now serving')).toBeInTheDocument();
    expect(within(tile).getByTestId('display-token')).toHaveTextContent('A-001');
    // Patient names stay off the public screen.
    expect(within(display).queryByText('Ravi Kumar')).not.toBeInTheDocument();
    expect(within(display).queryAllByRole('button')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting room display' })).not.toBeInTheDocument());
  });

  it('the voice switch is remembered, and tokens are read out character by character', async () => {
    localStorage.removeItem('caredesk.tokenVoice');
    const { user } = open('/bookings/token', { 'GET /tokens/services': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [] } } }, 'SCAN');
    const voice = await screen.findByRole('switch', { name: 'Announce by voice' }, { timeout: 15_000 });
    expect(voice).toBeChecked();
    await user.click(voice);
    expect(localStorage.getItem('caredesk.tokenVoice')).toBe('off');
    expect(screen.getByText('No queue today')).toBeInTheDocument();
    expect(spokenToken('A-007')).toBe('Token A 0 0 7');
    vi.restoreAllMocks();
  });
});
