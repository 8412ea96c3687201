import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inIndia } from '@/test/clock';
import { makeUser, storeSession } from '@/test/fixtures';
import { storeUser } from './session';
import { msUntilOrganisationMidnight, organisationToday, useOrganisationToday } from './organisation-today';

function signedInWithZone(timeZone: string) {
  const user = makeUser('HOSPITAL', 'ADMIN');
  storeSession({ ...user, admin: { ...user.admin, timeZone } });
}

function Today() {
  return <p>{useOrganisationToday()}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("the organisation's today", () => {
  it("is the day in the organisation's zone, not the browser's", () => {
    signedInWithZone('Asia/Kolkata');
    // 00:05 on Monday in India is still 18:35 on Sunday in UTC.
    expect(organisationToday(inIndia('2026-06-01', '00:05'))).toBe('2026-06-01');
    signedInWithZone('America/New_York');
    expect(organisationToday(inIndia('2026-06-01', '00:05'))).toBe('2026-05-31');
  });

  it("counts the time to the organisation's next midnight", () => {
    signedInWithZone('Asia/Kolkata');
    expect(msUntilOrganisationMidnight(inIndia('2026-05-31', '23:55'))).toBe(5 * 60_000);
    expect(msUntilOrganisationMidnight(inIndia('2026-06-01', '00:05'))).toBe((24 * 60 - 5) * 60_000);
  });

  it('moves to the new day when midnight passes while the page is open', () => {
    vi.useFakeTimers({ now: inIndia('2026-05-31', '23:55') });
    signedInWithZone('Asia/Kolkata');
    render(<Today />);
    expect(screen.getByText('2026-05-31')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(4 * 60_000);
    });
    expect(screen.getByText('2026-05-31')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(screen.getByText('2026-06-01')).toBeInTheDocument();

    // And again a day later: the timer re-arms each time it fires.
    act(() => {
      vi.advanceTimersByTime(24 * 60 * 60_000);
    });
    expect(screen.getByText('2026-06-02')).toBeInTheDocument();
  });

  it('catches up when the page comes back after its timers slept', () => {
    vi.useFakeTimers({ now: inIndia('2026-05-31', '23:55') });
    signedInWithZone('Asia/Kolkata');
    const { result } = renderHook(() => useOrganisationToday());
    expect(result.current).toBe('2026-05-31');

    // The laptop slept through midnight: the clock moved on but no timer fired.
    vi.setSystemTime(inIndia('2026-06-01', '07:00'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current).toBe('2026-06-01');

    vi.setSystemTime(inIndia('2026-06-02', '07:00'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe('2026-06-02');
  });

  it('follows a change of time zone in the session', () => {
    vi.useFakeTimers({ now: inIndia('2026-06-01', '00:05') });
    signedInWithZone('Asia/Kolkata');
    const { result } = renderHook(() => useOrganisationToday());
    expect(result.current).toBe('2026-06-01');
    const user = makeUser('HOSPITAL', 'ADMIN');
    act(() => storeUser({ ...user, admin: { ...user.admin, timeZone: 'America/New_York' } }));
    expect(result.current).toBe('2026-05-31');
  });
});
