import type { TokenEntry, TokenQueue, TokenQueuesResponse } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerRoutes, installFakeApi, recording, type FakeReply, type FakeRoute } from '@/test/fake-api';
import { inIndia, indiaDate, pinClock } from '@/test/clock';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { tokenEntry } from '@/test/token-fixtures';
import { spokenCall } from './announce';
import { inEnglish } from './i18n';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const entry = (tokenNumber: number, patientName: string, status = 'CHECKED_IN'): TokenEntry => tokenEntry(tokenNumber, patientName, { status });

function makeQueue(overrides: Partial<TokenQueue> = {}): TokenQueue {
  const waiting = [entry(1, 'Ravi Kumar'), entry(2, 'Sita Devi')];
  return {
    kind: 'doctors',
    id: crypto.randomUUID(),
    name: 'Dr. Meera Joshi',
    subtitle: 'Cardiology',
    room: null,
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

const listOf = (queues: TokenQueue[], owners = queues.map((queue) => ({ id: queue.id, name: queue.name, facilityId: queue.facilityId }))): FakeReply => ({
  data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues, owners, language: 'en' } satisfies TokenQueuesResponse,
});

function open(path: string, routes: Record<string, FakeRoute>, type: 'HOSPITAL' | 'SCAN' | 'MULTIHOSPITAL' = 'HOSPITAL') {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  storeSession(makeUser(type, 'WORKER'));
  return { ...renderApp(path), api, user: userEvent.setup() };
}

describe('the token page', () => {
  pinClock(inIndia('2026-11-22', '10:30'));

  it("shows each doctor's queue and room: now serving, next, waiting, done and the average wait", async () => {
    const queue = makeQueue({ room: 'Room 4, ground floor' });
    open('/appointments/token', { 'GET /tokens/doctors': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [queue], owners: [] } } });
    const card = await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Appointment tokens', level: 1 })).toBeInTheDocument();
    expect(within(card).getByText('Cardiology · Room 4, ground floor')).toBeInTheDocument();
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
    const called = makeQueue({
      id: queue.id,
      nowServing: { ...queue.waiting[0]!, status: 'IN_CONSULTATION' },
      next: queue.waiting[1]!,
      waiting: [queue.waiting[1]!],
      waitingCount: 1,
      lastAction: { action: 'call-next', at: '2026-11-22T05:00:00.000Z', tokenLabel: 'A-001' },
    });
    let current = queue;
    const { api, user } = open('/appointments/token', {
      'GET /tokens/doctors': () => ({ data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [current], owners: [] } }),
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

  it("'X' calls the next patient when the page shows one queue, and '?' lists it", async () => {
    const queue = makeQueue();
    const calls: string[] = [];
    const { user } = open('/appointments/token', {
      'GET /tokens/doctors': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [queue], owners: [] } },
      [`POST /tokens/doctors/${queue.id}/actions/call-next`]: () => {
        calls.push('call-next');
        return { data: queue };
      },
    });
    await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(help).toHaveTextContent('Call next (Dr. Meera Joshi)');
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());
    await user.keyboard('x');
    await waitFor(() => expect(calls).toEqual(['call-next']));
  });

  it("'X' does nothing while two queues are shown: which one would it call?", async () => {
    const one = makeQueue();
    const two = makeQueue({ name: 'Dr. Arjun Nair' });
    const { api, user } = open('/appointments/token', { 'GET /tokens/doctors': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [one, two], owners: [] } } });
    await screen.findByRole('region', { name: 'Queue of Dr. Arjun Nair' }, { timeout: 15_000 });
    await user.keyboard('x');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('recalls a skipped token by its own button, and shows a refused action as an error', async () => {
    const skipped = entry(5, 'Skipped Sam');
    const queue = makeQueue({ skipped: [skipped] });
    const { api, user } = open('/appointments/token', {
      'GET /tokens/doctors': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [queue], owners: [] } },
      [`POST /tokens/doctors/${queue.id}/actions/recall`]: { status: 409, data: { statusCode: 409, error: 'Conflict', message: 'This token was not skipped' } },
    });
    const card = await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Recall A-005' }));
    expect(await screen.findByText('This token was not skipped')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/actions/recall'))?.body).toEqual({ visitId: skipped.visitId });
  });

  it('opens the waiting-room display in a window of its own; the display: large tokens, no buttons, no names; Escape leaves it', async () => {
    const queue = makeQueue({ nowServing: { ...entry(1, 'Ravi Kumar'), status: 'IN_CONSULTATION' }, room: 'Room 4, ground floor' });
    open('/appointments/token', { 'GET /tokens/doctors': listOf([queue]) });
    const link = await screen.findByRole('link', { name: 'Open display' }, { timeout: 15_000 });
    // A new window: the desk keeps its controls in this one.
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAttribute('href', '/appointments/token?display=1');
    restore?.();

    const { user, router } = open('/appointments/token?display=1', { 'GET /tokens/doctors': listOf([queue]) });
    const display = await screen.findByRole('region', { name: 'Waiting room display' }, { timeout: 15_000 });
    const tile = await within(display).findByRole('region', { name: 'Dr. Meera Joshi' });
    expect(within(tile).getByText('Now serving')).toBeInTheDocument();
    expect(within(tile).getByTestId('display-token')).toHaveTextContent('A-001');
    // Where the called patient goes, beside whom they see.
    expect(within(tile).getByTestId('display-room')).toHaveTextContent('Room 4, ground floor');
    // Patient names stay off the public screen.
    expect(within(display).queryByText('Ravi Kumar')).not.toBeInTheDocument();
    expect(within(display).queryAllByRole('button')).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting room display' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('filters by facility, doctor and "with patients today", kept in the URL and sent to the API; the display link carries them', async () => {
    const north = { id: crypto.randomUUID(), name: 'North Wing', address: null, phone: null, createdAt: '2026-01-01T00:00:00.000Z' };
    const south = { id: crypto.randomUUID(), name: 'South Wing', address: null, phone: null, createdAt: '2026-01-01T00:00:00.000Z' };
    const joshi = makeQueue({ facilityId: north.id });
    const rao = makeQueue({ name: 'Dr. Kiran Rao', facilityId: north.id });
    const queues = recording((params) =>
      listOf(
        params.doctorId ? [rao] : [joshi, rao],
        [joshi, rao].map((q) => ({ id: q.id, name: q.name, facilityId: q.facilityId })),
      ),
    );
    const { user, router } = open(
      `/appointments/token?facility=${north.id}`,
      { 'GET /tokens/doctors': queues.route, 'GET /facilities': { data: { data: [north, south] } } },
      'MULTIHOSPITAL',
    );
    await screen.findByRole('region', { name: 'Queue of Dr. Kiran Rao' }, { timeout: 15_000 });
    expect(queues.seen.at(-1)?.params).toEqual({ facilityId: north.id });
    const filters = screen.getByRole('search', { name: 'Queue filters' });
    await waitFor(() => expect(within(filters).getByRole('combobox', { name: 'Facility' })).toHaveTextContent('North Wing'));

    await user.click(within(filters).getByRole('combobox', { name: 'Doctor' }));
    await user.click(await screen.findByRole('option', { name: 'Dr. Kiran Rao' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Queue of Dr. Meera Joshi' })).not.toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).get('doctor')).toBe(rao.id);
    expect(queues.seen.at(-1)?.params).toEqual({ facilityId: north.id, doctorId: rao.id });

    await user.click(within(filters).getByRole('switch', { name: 'Only doctors with patients today' }));
    await waitFor(() => expect(queues.seen.at(-1)?.params).toEqual({ facilityId: north.id, doctorId: rao.id, withPatients: 'true' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ facility: north.id, doctor: rao.id, withPatients: '1' });

    const href = screen.getByRole('link', { name: 'Open display' }).getAttribute('href')!;
    expect(href.startsWith('/appointments/token?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(href.split('?')[1]))).toEqual({ facility: north.id, doctor: rao.id, withPatients: '1', display: '1' });

    // Another facility has other doctors: the doctor chosen is dropped.
    await user.click(within(filters).getByRole('combobox', { name: 'Facility' }));
    await user.click(await screen.findByRole('option', { name: 'South Wing' }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ facility: south.id, withPatients: '1' }));
  });

  it('a display opened from a bookmark shows only the queues its URL chooses', async () => {
    const rao = makeQueue({ name: 'Dr. Kiran Rao' });
    const queues = recording(() => listOf([rao]));
    open(`/appointments/token?display=1&doctor=${rao.id}&withPatients=1`, { 'GET /tokens/doctors': queues.route });
    const display = await screen.findByRole('region', { name: 'Waiting room display' }, { timeout: 15_000 });
    expect(await within(display).findByRole('region', { name: 'Dr. Kiran Rao' })).toBeInTheDocument();
    expect(queues.seen[0]?.params).toEqual({ doctorId: rao.id, withPatients: 'true' });
  });

  it('a bad filter in the URL shows the server’s reason, and Clear filters recovers', async () => {
    const queues = recording((params) =>
      params.facilityId
        ? { status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'facilityId: Invalid UUID', issues: [{ path: 'facilityId', message: 'Invalid UUID' }] } }
        : listOf([makeQueue()]),
    );
    const { user, router } = open('/appointments/token?facility=north', { 'GET /tokens/doctors': queues.route });
    expect(await screen.findByText('facilityId: Invalid UUID', undefined, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("dates the banner 'Today, 22 Nov 2026' and says who is called next", async () => {
    open('/appointments/token', { 'GET /tokens/doctors': listOf([makeQueue()]) });
    const banner = await screen.findByText(/^Today, 22 Nov 2026:/, undefined, { timeout: 15_000 });
    expect(banner).toHaveTextContent('Earliest slot first (a late arrival counts from check-in); ties go to the earlier check-in.');
  });

  it('says who is being served by what is queued: a doctor, a scanner, a lab test', async () => {
    const scan = makeQueue({ kind: 'services', resource: 'SCAN', name: 'CT Scanner', nowServing: null });
    const test = makeQueue({ kind: 'services', resource: 'TEST', name: 'Blood Test', nowServing: null });
    open('/bookings/token', { 'GET /tokens/services': listOf([scan, test]) }, 'SCAN');
    const ct = await screen.findByRole('region', { name: 'Queue of CT Scanner' }, { timeout: 15_000 });
    expect(within(ct).getByText('No one is being scanned')).toBeInTheDocument();
    expect(within(ct).queryByText('No one is with the doctor')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Queue of Blood Test' })).getByText('No one is being tested')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Only scans and tests with patients today' })).not.toBeChecked();
    restore?.();
  });

  it("keeps 'No one is with the doctor' for a doctor, and the announce button's name is its text", async () => {
    const idle = makeQueue();
    const serving = makeQueue({ name: 'Dr. Busy', nowServing: { ...entry(9, 'Ravi Kumar'), status: 'IN_CONSULTATION' } });
    const { api, user } = open('/appointments/token', {
      'GET /tokens/doctors': listOf([idle, serving]),
      [`POST /tokens/doctors/${serving.id}/actions/recall`]: { data: serving },
    });
    const card = await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
    expect(within(card).getByText('No one is with the doctor')).toBeInTheDocument();
    const announce = within(screen.getByRole('region', { name: 'Queue of Dr. Busy' })).getByRole('button', { name: 'Announce again' });
    expect(announce).toHaveTextContent('Announce again');
    expect(announce).not.toHaveAttribute('aria-label');
    await user.click(announce);
    expect(await screen.findByText('Announced again: Dr. Busy')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/actions/recall'))?.body).toEqual({});
  });

  it('the voice switch is remembered, and tokens are read out character by character', async () => {
    localStorage.removeItem('caredesk.tokenVoice');
    const { user } = open('/bookings/token', { 'GET /tokens/services': { data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [], owners: [] } } }, 'SCAN');
    const voice = await screen.findByRole('switch', { name: 'Announce by voice' }, { timeout: 15_000 });
    expect(voice).toBeChecked();
    await user.click(voice);
    expect(localStorage.getItem('caredesk.tokenVoice')).toBe('off');
    expect(screen.getByText('No queue today')).toBeInTheDocument();
    expect(spokenCall(inEnglish, 'A-007')).toBe('Token A 0 0 7');
    vi.restoreAllMocks();
  });
});

describe('the token page at midnight', () => {
  // 23:59 on 24 Nov in India (18:29 UTC): the page stays open into the 25th.
  const clock = pinClock(inIndia('2026-11-24', '23:59'));

  it("moves to the organisation's new day while open: the banner and the queue", async () => {
    const queues = recording(() => ({ data: { date: indiaDate(new Date()), timeZone: 'Asia/Kolkata', queues: [makeQueue({ date: indiaDate(new Date()) })], owners: [] } }));
    open('/appointments/token', { 'GET /tokens/doctors': queues.route });
    expect(await screen.findByText(/^Today, 24 Nov 2026:/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(clock.today).toBe('2026-11-24');
    const before = queues.seen.length;

    // Past midnight in India; the page's midnight timer (or its focus check) reads the new day.
    vi.setSystemTime(inIndia('2026-11-25', '00:00'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText(/^Today, 25 Nov 2026:/)).toBeInTheDocument();
    expect(queues.seen.length).toBeGreaterThan(before);
  });
});
