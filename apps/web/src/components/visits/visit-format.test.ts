import { STORAGE_KEYS } from '@caredesk/shared';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeSession } from '@/test/fixtures';
import { quickRanges } from './date-range';
import { isoDay } from './visit-format';

function signedInWithZone(timeZone: string) {
  const user = makeUser('HOSPITAL', 'ADMIN');
  storeSession({ ...user, admin: { ...user.admin, timeZone } });
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("the console's today", () => {
  // 20:30 UTC on Saturday 21 November is 02:00 on Sunday 22 November in Kolkata.
  const lateEveningUtc = new Date('2026-11-21T20:30:00Z');

  it("is the organisation's calendar day, not the browser's", () => {
    vi.useFakeTimers({ now: lateEveningUtc });
    signedInWithZone('Asia/Kolkata');
    expect(isoDay()).toBe('2026-11-22');
    expect(isoDay(1)).toBe('2026-11-23');
    signedInWithZone('America/New_York');
    expect(isoDay()).toBe('2026-11-21');
  });

  it("takes this week from the organisation's Monday", () => {
    vi.useFakeTimers({ now: lateEveningUtc });
    signedInWithZone('Asia/Kolkata');
    expect(quickRanges().map((range) => [range.label, range.range])).toEqual([
      ['Today', { from: '2026-11-22', to: '2026-11-22' }],
      ['Tomorrow', { from: '2026-11-23', to: '2026-11-23' }],
      ['This week', { from: '2026-11-16', to: '2026-11-22' }],
    ]);
  });

  it("falls back to the browser's day when no one is signed in", () => {
    vi.useFakeTimers({ now: lateEveningUtc });
    localStorage.removeItem(STORAGE_KEYS.user);
    expect(isoDay()).toBe(dayjs(lateEveningUtc).format('YYYY-MM-DD'));
  });
});
