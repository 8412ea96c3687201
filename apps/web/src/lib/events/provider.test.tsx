import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, fakeLiveEventsClient } from '../../test/fake-live-events';
import { makeUser, storeSession } from '../../test/fixtures';
import { clearSession, startSession } from '../session';
import { LiveEventsProvider, useLiveConnectionState, useLiveEvent } from './provider';

const last = () => FakeSocket.all.at(-1)!;

function Probe() {
  const state = useLiveConnectionState();
  const [count, setCount] = useState(0);
  useLiveEvent('notification.created', () => setCount((n) => n + 1));
  return (
    <p>
      {state} {count}
    </p>
  );
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of [['appointments', 'list', {}], ['doctor-slots', 'd1', '2026-03-10'], ['notifications', 'all'], ['wallet'], ['plan', 'current'], ['patients', 'list']]) {
    queryClient.setQueryData(key, { ok: true });
  }
  const client = fakeLiveEventsClient();
  render(
    <QueryClientProvider client={queryClient}>
      <LiveEventsProvider client={client}>
        <Probe />
      </LiveEventsProvider>
    </QueryClientProvider>,
  );
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => String(query.queryKey[0]))
      .sort();
  return { queryClient, client, stale };
}

beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe('LiveEventsProvider', () => {
  it('connects only when signed in and disconnects on sign-out', () => {
    const { client } = setup();
    expect(FakeSocket.all).toHaveLength(0);
    expect(screen.getByText('idle 0')).toBeInTheDocument();
    act(() => startSession({ user: makeUser(), accessToken: 'access-token', refreshToken: 'refresh-token' }));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => last().ready());
    expect(screen.getByText('connected 0')).toBeInTheDocument();
    act(() => clearSession());
    expect(last().closed).toBe(true);
    expect(client.state).toBe('idle');
  });

  it('invalidates the mapped query keys on events and passes them to useLiveEvent', () => {
    storeSession(makeUser());
    const { stale } = setup();
    act(() => last().ready());
    act(() => last().receive({ type: 'appointment.updated', appointmentId: crypto.randomUUID() }));
    expect(stale()).toEqual(['appointments', 'doctor-slots']);
    act(() => last().receive({ type: 'notification.created', notificationId: crypto.randomUUID(), recipientStaffId: crypto.randomUUID() }));
    expect(stale()).toEqual(['appointments', 'doctor-slots', 'notifications']);
    expect(screen.getByText('connected 1')).toBeInTheDocument();
  });

  it('on resync after a reconnect invalidates every live key, and nothing else', () => {
    vi.useFakeTimers();
    storeSession(makeUser());
    const { stale } = setup();
    act(() => last().ready());
    expect(stale()).toEqual([]);
    act(() => last().onclose?.({ code: 1006 }));
    expect(screen.getByText('reconnecting 0')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(FakeSocket.all).toHaveLength(2);
    act(() => last().ready());
    expect(stale()).toEqual(['appointments', 'doctor-slots', 'notifications', 'plan', 'wallet']);
  });
});
