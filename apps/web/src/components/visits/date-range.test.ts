import { describe, expect, it } from 'vitest';
import { quickRanges, rangeAfterMidnight } from './date-range';

describe('the quick ranges', () => {
  it('count from the given today: Monday to Sunday for this week', () => {
    expect(quickRanges('2026-05-31').map((quick) => [quick.label, quick.range])).toEqual([
      ['Today', { from: '2026-05-31', to: '2026-05-31' }],
      ['Tomorrow', { from: '2026-06-01', to: '2026-06-01' }],
      ['This week', { from: '2026-05-25', to: '2026-05-31' }],
    ]);
  });
});

describe("a list's dates at the organisation's midnight", () => {
  it("move from 'Today' to the new today, written as they were", () => {
    expect(rangeAfterMidnight({ from: '2026-11-25', to: '2026-11-25' }, '2026-11-25', '2026-11-26')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(rangeAfterMidnight({ from: '2026-11-25' }, '2026-11-25', '2026-11-26')).toEqual({ from: '2026-11-26', to: null });
  });

  it("move from 'This week' to the next week only once the week has ended", () => {
    expect(rangeAfterMidnight({ from: '2026-05-25', to: '2026-05-31' }, '2026-05-31', '2026-06-01')).toEqual({ from: '2026-06-01', to: '2026-06-07' });
    expect(rangeAfterMidnight({ from: '2026-11-23', to: '2026-11-29' }, '2026-11-25', '2026-11-26')).toBeNull();
  });

  it('stay on a date the user chose, and leave a list without dates to follow today itself', () => {
    expect(rangeAfterMidnight({ from: '2026-11-26', to: '2026-11-26' }, '2026-11-25', '2026-11-26')).toBeNull();
    expect(rangeAfterMidnight({ from: '2026-11-20', to: '2026-11-25' }, '2026-11-25', '2026-11-26')).toBeNull();
    expect(rangeAfterMidnight({ from: '2026-11-01', to: '2026-11-02' }, '2026-11-25', '2026-11-26')).toBeNull();
    expect(rangeAfterMidnight({}, '2026-11-25', '2026-11-26')).toBeNull();
  });
});
