import type { TokenEntry, TokenQueue, WalkIn } from '@caredesk/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { headerRoutes, installFakeApi, recording, type FakeRoute } from '@/test/fake-api';
import { inIndia, pinClock } from '@/test/clock';
import { makeUser, storeSession } from '@/test/fixtures';
import { makePatient, patientPage } from '@/test/patient-fixtures';
import { renderApp } from '@/test/render-app';
import { tokenEntry } from '@/test/token-fixtures';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const entry = (tokenNumber: number, patientName: string, extra: Partial<TokenEntry> = {}): TokenEntry =>
  tokenEntry(tokenNumber, patientName, { startTime: '10:30', checkedInAt: '2026-11-22T05:00:00.000Z', ...extra });

const queueOf = (waiting: TokenEntry[]): TokenQueue => ({
  kind: 'doctors',
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Dr. Meera Joshi',
  subtitle: 'Cardiology',
  room: null,
  resource: 'DOCTOR',
  tokenPrefix: 'A',
  facilityId: null,
  date: '2026-11-22',
  nowServing: null,
  next: waiting[0] ?? null,
  waiting,
  skipped: [],
  notArrived: [],
  waitingCount: waiting.length,
  doneCount: 0,
  averageWaitMinutes: null,
  lastAction: null,
});

const patient = makePatient({ name: 'Walk-in Wani' });

/** The queue the page's list answers: a walk-in's answer moves it on, as the server's would. */
let current: TokenQueue;

function open(queue: TokenQueue, routes: Record<string, FakeRoute>) {
  current = queue;
  const api = installFakeApi({
    ...headerRoutes(),
    'GET /tokens/doctors': () => ({ data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [current], owners: [], language: 'en' } }),
    'GET /patients': { data: patientPage([patient]) },
    ...routes,
  });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'WORKER'));
  renderApp('/appointments/token');
  return { api, user: userEvent.setup() };
}

async function addWalkIn(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, { timeout: 15_000 });
  await user.click(within(card).getByRole('button', { name: 'Add walk-in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add walk-in: Dr. Meera Joshi' });
  expect(within(dialog).getByRole('button', { name: 'Add to queue' })).toBeDisabled();
  await user.type(within(dialog).getByRole('combobox', { name: 'Find patient' }), 'wani');
  await user.click(await within(dialog).findByRole('option', { name: /Walk-in Wani/ }, { timeout: 5_000 }));
  return { card, dialog };
}

describe('Add walk-in on the token page', () => {
  pinClock(inIndia('2026-11-22', '10:30'));

  it('picks the patient, posts them to the queue and shows them waiting with their token', async () => {
    const before = queueOf([entry(1, 'Booked Bina')]);
    const after = queueOf([entry(1, 'Booked Bina'), entry(3, 'Walk-in Wani', { walkIn: true })]);
    const post = recording(() => {
      current = after;
      return {
        status: 201,
        data: { visitId: after.waiting[1]!.visitId, tokenNumber: 3, tokenLabel: 'A-003', startTime: '10:45', overbooked: false, queue: after } satisfies WalkIn,
      };
    });
    const { user } = open(before, { [`POST /tokens/doctors/${before.id}/walk-ins`]: post.route });
    const { card, dialog } = await addWalkIn(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Fever');
    await user.click(within(dialog).getByRole('button', { name: 'Add to queue' }));
    await waitFor(() => expect(post.seen[0]?.body).toEqual({ patientId: patient.id, reason: 'Fever' }));
    expect(await screen.findByText('Walk-in added: token A-003')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add walk-in: Dr. Meera Joshi' })).not.toBeInTheDocument());
    const waiting = within(card).getByRole('list', { name: 'Waiting' });
    expect(within(waiting).getByText('A-003 · Walk-in Wani')).toBeInTheDocument();
  });

  it('an extra is said in the toast and marked Extra in the queue', async () => {
    const extra = entry(5, 'Walk-in Wani', { walkIn: true, overbooked: true });
    const after = queueOf([entry(1, 'Booked Bina'), extra]);
    const { user } = open(queueOf([entry(1, 'Booked Bina')]), {
      [`POST /tokens/doctors/${after.id}/walk-ins`]: () => {
        current = after;
        return { status: 201, data: { visitId: extra.visitId, tokenNumber: 5, tokenLabel: 'A-005', startTime: '10:30', overbooked: true, queue: after } };
      },
    });
    const { card, dialog } = await addWalkIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add to queue' }));
    expect(await screen.findByText('Walk-in added as an extra: token A-005')).toBeInTheDocument();
    const items = within(await within(card).findByRole('list', { name: 'Waiting' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['A-001 · Booked Bina', 'A-005 · Walk-in WaniExtra']);
  });

  it('shows a refusal in the server’s words and keeps the dialog open to try again', async () => {
    const refusal = 'The rest of today is full for Dr. Meera Joshi, and all 2 extras of the day are booked';
    const { user } = open(queueOf([]), { [`POST /tokens/doctors/${queueOf([]).id}/walk-ins`]: { status: 409, data: { statusCode: 409, error: 'Conflict', message: refusal } } });
    const { dialog } = await addWalkIn(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add to queue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: 'Add to queue' })).toBeEnabled();
  });
});
