import type { TokenEntry } from '@caredesk/shared';

/** A checked-in patient of a token queue as the API returns one (tests only): token A-00n at 10:00. */
export function tokenEntry(tokenNumber: number, patientName: string, overrides: Partial<TokenEntry> = {}): TokenEntry {
  return {
    visitId: crypto.randomUUID(),
    tokenNumber,
    tokenLabel: `A-${String(tokenNumber).padStart(3, '0')}`,
    patientName,
    startTime: '10:00',
    status: 'CHECKED_IN',
    checkedInAt: '2026-11-22T04:00:00.000Z',
    calledAt: null,
    overbooked: false,
    walkIn: false,
    ...overrides,
  };
}
