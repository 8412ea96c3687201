import { describe, expect, it } from 'vitest';
import { appointmentSeriesCreateSchema, seriesDates, seriesPlanProblem } from './visit-series.js';

const every = (n: number, unit: 'day' | 'week') => ({ n, unit });

describe('a series plan', () => {
  it('falls every N weeks from its first date, a number of times', () => {
    expect(seriesDates({ startDate: '2026-12-28', every: every(1, 'week'), count: 4 })).toEqual(['2026-12-28', '2027-01-04', '2027-01-11', '2027-01-18']);
  });

  it('falls every N days up to and including its end date', () => {
    expect(seriesDates({ startDate: '2026-02-26', every: every(2, 'day'), until: '2026-03-04' })).toEqual(['2026-02-26', '2026-02-28', '2026-03-02', '2026-03-04']);
  });

  it('takes a count or an end date, one of them', () => {
    expect(seriesPlanProblem({ startDate: '2026-03-02', every: every(1, 'week') })).toEqual({ path: 'count', message: 'Give the number of visits or an end date' });
    expect(seriesPlanProblem({ startDate: '2026-03-02', every: every(1, 'week'), count: 3, until: '2026-04-01' })?.path).toBe('until');
  });

  it('is at most 52 visits within a year, and at least two', () => {
    expect(seriesPlanProblem({ startDate: '2026-03-02', every: every(1, 'day'), until: '2026-06-30' })).toEqual({
      path: 'until',
      message: 'A series has at most 52 visits: choose an earlier end date',
    });
    expect(seriesPlanProblem({ startDate: '2026-03-02', every: every(2, 'week'), count: 30 })).toEqual({
      path: 'count',
      message: 'A series spans at most a year: choose fewer visits',
    });
    expect(seriesPlanProblem({ startDate: '2026-03-02', every: every(1, 'week'), until: '2027-03-10' })?.path).toBe('until');
    expect(seriesPlanProblem({ startDate: '2026-03-02', every: every(1, 'week'), until: '2026-03-05' })?.message).toBe('This end date leaves a single visit: choose a later one');
    expect(seriesPlanProblem({ startDate: '2026-03-02', every: every(1, 'week'), count: 52 })).toBeNull();
  });

  it('is refused by the create schema on the field to change', () => {
    const base = { doctorId: crypto.randomUUID(), patientId: crypto.randomUUID(), startDate: '2026-03-02', startTime: '10:00', every: every(1, 'week') };
    const refused = appointmentSeriesCreateSchema.safeParse({ ...base, count: 60 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['count']);
    expect(appointmentSeriesCreateSchema.safeParse({ ...base, count: 4 }).success).toBe(true);
  });
});
