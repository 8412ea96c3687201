import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { today } from '@/features/visits/visit';
import { fakeApi, signedIn } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { renderApp } from '@/test/render-app';
import { appointment, page } from '@/test/visit-fixtures';
import { reconnectDelay } from './live-events';

const visit = appointment({ date: today(), status: 'CHECKED_IN' });
const position = { visitId: visit.id, date: visit.date, status: 'CHECKED_IN', nowServing: 'A-004', you: 'A-007', ahead: 2, estimateMinutes: 10, estimateBasis: 'SLOT', room: null };

function visitsApi() {
  return fakeApi({
    'GET /patient/appointments': () => ({ status: 200, body: page([visit]) }),
    'GET /patient/bookings': () => ({ status: 200, body: page([]) }),
    [`GET /patient/appointments/${visit.id}/queue`]: () => ({ status: 200, body: position }),
  });
}

describe('the patient socket', () => {
  it('waits 1 s doubling to 30 s between attempts, jittered in the upper half', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(10, () => 0)).toBe(15_000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
  });

  it('reconnects after a drop and refetches what it may have missed', async () => {
    signedIn();
    const { calls } = visitsApi();
    await renderApp('/p/visits');
    await waitFor(() => expect(FakeSocket.all.at(-1)?.sent).toEqual([{ type: 'auth', token: 'token-1' }]));
    const queueReads = () => calls.filter((call) => call.path.endsWith('/queue')).length;
    await waitFor(() => expect(queueReads()).toBe(1));

    const first = FakeSocket.all.at(-1)!;
    act(() => first.onclose?.({ code: 1006 }));
    await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(1), { timeout: 2000 });
    await waitFor(() => expect(queueReads()).toBe(2));
  });

  it('forgets an ended session rather than knocking again', async () => {
    signedIn();
    visitsApi();
    await renderApp('/p/visits');
    await waitFor(() => expect(FakeSocket.all.at(-1)?.sent).toHaveLength(1));
    act(() => FakeSocket.all.at(-1)!.onclose?.({ code: 4401 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(localStorage.getItem('caredesk.patient.session')).toBeNull();
  });
});
