import { todayIn } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { organisationToday } from './organisation-time.js';

describe('organisationToday', () => {
  it("turns to the next day at the zone's midnight, not at the minute it was first read", () => {
    // Midnight in Kolkata (+05:30) is 18:30 UTC; Kathmandu (+05:45) 18:15 UTC.
    const beforeKolkata = Date.parse('2026-03-04T18:29:59.999Z');
    const atKolkata = Date.parse('2026-03-04T18:30:00.000Z');
    expect(organisationToday('Asia/Kolkata', Date.parse('2026-03-04T18:29:00.000Z'))).toBe('2026-03-04');
    expect(organisationToday('Asia/Kolkata', beforeKolkata)).toBe('2026-03-04');
    expect(organisationToday('Asia/Kolkata', atKolkata)).toBe('2026-03-05');
    expect(organisationToday('Asia/Kathmandu', Date.parse('2026-03-04T18:14:59.000Z'))).toBe('2026-03-04');
    expect(organisationToday('Asia/Kathmandu', Date.parse('2026-03-04T18:15:00.000Z'))).toBe('2026-03-05');
  });

  it('answers what todayIn answers, zone by zone, whatever was read before', () => {
    const instants = ['2026-12-31T23:59:30.000Z', '2027-01-01T00:00:10.000Z', '2026-12-31T10:00:00.000Z', '2027-01-01T00:00:50.000Z'].map(Date.parse);
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York', 'Pacific/Kiritimati']) {
      for (const at of instants) expect(organisationToday(zone, at)).toBe(todayIn(zone, new Date(at)));
    }
  });
});
