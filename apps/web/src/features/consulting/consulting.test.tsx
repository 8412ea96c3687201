import { NO_LINKED_DOCTOR_MESSAGE, type ConsultingPatient, type TokenEntry, type TokenQueue } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, recording, type FakeRoute } from '@/test/fake-api';
import { inIndia, pinClock } from '@/test/clock';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { tokenEntry } from '@/test/token-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

/** Lazy pages compile on first use, on a machine shared with other work. */
const slow = { timeout: 15_000 };

const entry = (tokenNumber: number, patientName: string, status = 'CHECKED_IN'): TokenEntry => tokenEntry(tokenNumber, patientName, { status, walkIn: tokenNumber === 3 });

const ravi = entry(1, 'Ravi Kumar');
const sita = entry(2, 'Sita Devi');
const walkIn = entry(3, 'Walk In Patient');

function makeQueue(overrides: Partial<TokenQueue> = {}): TokenQueue {
  return {
    kind: 'doctors',
    id: crypto.randomUUID(),
    name: 'Dr. Meera Joshi',
    subtitle: 'Cardiology',
    room: 'Room 4',
    resource: 'DOCTOR',
    tokenPrefix: 'A',
    facilityId: null,
    date: '2026-11-22',
    nowServing: null,
    next: ravi,
    waiting: [ravi, sita, walkIn],
    skipped: [],
    notArrived: [],
    waitingCount: 3,
    doneCount: 2,
    averageWaitMinutes: 10,
    lastAction: null,
    ...overrides,
  };
}

const raviRecord: ConsultingPatient = {
  visitId: ravi.visitId,
  patient: { id: crypto.randomUUID(), uhid: 'SUN-000042', name: 'Ravi Kumar', gender: 'MALE', age: 54, bloodGroup: 'B+', notes: 'Allergic to penicillin' },
  history: [
    {
      kind: 'booking',
      id: crypto.randomUUID(),
      date: '2026-11-10',
      startTime: '09:30',
      with: 'ECG',
      status: 'REPORT_READY',
      reason: null,
      notes: null,
      report: { name: 'ecg.pdf', url: '/api/uploads/private/abc?expires=1&signature=x' },
    },
    {
      kind: 'appointment',
      id: crypto.randomUUID(),
      date: '2026-10-02',
      startTime: '11:00',
      with: 'Dr. Meera Joshi',
      status: 'COMPLETED',
      reason: 'Chest pain',
      notes: null,
      report: null,
    },
  ],
};
const sitaRecord: ConsultingPatient = {
  visitId: sita.visitId,
  patient: { id: crypto.randomUUID(), uhid: 'SUN-000043', name: 'Sita Devi', gender: 'FEMALE', age: null, bloodGroup: null, notes: null },
  history: [],
};

function openRoom(routes: Record<string, FakeRoute>, path = '/consulting') {
  const api = installFakeApi({ ...headerRoutes(), ...routes });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'USER', { name: 'Meera Joshi' }));
  return { ...renderApp(path), api, user: userEvent.setup() };
}

describe("a doctor's consulting room", () => {
  pinClock(inIndia('2026-11-22', '10:30'));

  it("lists today's patients in queue order, calls the next, shows their record and history, and completes", async () => {
    const called = makeQueue({
      nowServing: { ...ravi, status: 'IN_CONSULTATION' },
      next: sita,
      waiting: [sita, walkIn],
      waitingCount: 2,
      lastAction: { action: 'call-next', at: '2026-11-22T05:00:00.000Z', tokenLabel: 'A-001' },
    });
    const completed = makeQueue({ nowServing: null, next: sita, waiting: [sita, walkIn], waitingCount: 2, doneCount: 3 });
    const actions = recording((params) => ({ data: params.action === 'complete' ? completed : called }));
    const { user, api } = openRoom({
      'GET /consulting/queue': { data: makeQueue() },
      'POST /consulting/queue/actions/call-next': (body, config) => actions.route(body, { ...config, params: { action: 'call-next' } }),
      'POST /consulting/queue/actions/complete': (body, config) => actions.route(body, { ...config, params: { action: 'complete' } }),
      [`GET /consulting/visits/${ravi.visitId}`]: { data: raviRecord },
      [`GET /consulting/visits/${sita.visitId}`]: { data: sitaRecord },
    });
    const room = await screen.findByRole('region', { name: 'Consulting room of Dr. Meera Joshi' }, slow);
    expect(within(room).getByText('Cardiology · Room 4')).toBeInTheDocument();
    expect(within(room).getByText('No one yet: call the next patient')).toBeInTheDocument();
    const waiting = screen.getByRole('list', { name: 'Waiting, in order' });
    expect(
      within(waiting)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['A-001Ravi Kumar', 'A-002Sita Devi', 'A-003Walk In PatientWalk-in']);
    expect(within(room).getByRole('button', { name: 'Complete' })).toBeDisabled();

    await user.click(within(room).getByRole('button', { name: 'Call next' }));
    await waitFor(() => expect(within(room).getByText('Ravi Kumar')).toBeInTheDocument());
    const record = await screen.findByRole('region', { name: 'Ravi Kumar' });
    expect(within(record).getByText('SUN-000042 · Male · 54 years · B+')).toBeInTheDocument();
    expect(within(record).getByText('Desk notes: Allergic to penicillin')).toBeInTheDocument();
    const history = within(record).getByRole('list', { name: 'Other visits' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(within(history).getByRole('link', { name: 'Open the report (ecg.pdf)' })).toHaveAttribute('href', raviRecord.history[0]!.report!.url);
    expect(within(history).getByText('Reason: Chest pain')).toBeInTheDocument();

    // Another patient of today opened from the list, then back to the one in the room after Complete.
    await user.click(within(screen.getByRole('list', { name: 'Waiting, in order' })).getByRole('button', { name: /Sita Devi/ }));
    expect(await screen.findByRole('region', { name: 'Sita Devi' })).toHaveTextContent('No other visits here.');
    await user.click(within(room).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(within(room).getByText('No one yet: call the next patient')).toBeInTheDocument());
    expect(actions.seen.map((call) => call.params.action)).toEqual(['call-next', 'complete']);
    expect(api.calls.filter((call) => call.url.startsWith('/consulting/queue/actions/')).map((call) => call.body)).toEqual([{}, {}]);
  });

  it('says so when the account has no doctor any more', async () => {
    openRoom({ 'GET /consulting/queue': { status: 404, data: { statusCode: 404, error: 'Not Found', message: NO_LINKED_DOCTOR_MESSAGE } } });
    expect(await screen.findByText(NO_LINKED_DOCTOR_MESSAGE, undefined, slow)).toBeInTheDocument();
  });

  it('has My patients as its only menu entry and lands there from any page of the desk', async () => {
    const { api } = openRoom({ 'GET /consulting/queue': { data: makeQueue() } }, '/user');
    await screen.findByRole('region', { name: 'Consulting room of Dr. Meera Joshi' }, slow);
    const nav = screen.getAllByRole('navigation').find((element) => within(element).queryByRole('link', { name: 'My patients' }));
    expect(nav).toBeDefined();
    expect(
      within(nav!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My patients']);
    expect(screen.queryByRole('button', { name: /wallet/i })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).not.toContain('/patients');
    expect(api.calls.map((call) => call.url)).not.toContain('/wallet');
  });
});
