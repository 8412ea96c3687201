import {
  SERIES_MAX_DAYS,
  SERIES_MAX_VISITS,
  seriesDates,
  seriesPlanProblem,
  type AppointmentSeriesCreate,
  type SeriesPlan,
  type SeriesSkipped,
  type SeriesUnit,
} from '@caredesk/shared';
import { sharedText } from '@/i18n/shared-text';

/** The booking dialog's Repeat option as typed: numbers stay text until they are numbers. */
export interface RepeatPlan {
  on: boolean;
  n: string;
  unit: SeriesUnit;
  end: 'count' | 'until';
  count: string;
  until: string;
}

/** Off, and when turned on: every week, four visits. */
export const REPEAT_OFF: RepeatPlan = { on: false, n: '1', unit: 'week', end: 'count', count: '4', until: '' };

export type RepeatField = 'n' | 'count' | 'until';

/** The plan the server is asked for, its dates, or why it is none, on the field to change (the server's rules, in shared). */
export function repeatPlanOf(repeat: RepeatPlan, startDate: string): { plan: SeriesPlan; dates: string[] } | { problem: { field: RepeatField; message: string } } {
  const refuse = (field: RepeatField, message: string) => ({ problem: { field, message: sharedText(message) } });
  const n = Number(repeat.n);
  if (repeat.n.trim() === '' || !Number.isInteger(n) || n < 1) return refuse('n', 'At least 1');
  if (n > SERIES_MAX_DAYS) return refuse('n', `At most ${SERIES_MAX_DAYS}`);
  const every = { n, unit: repeat.unit };
  let plan: SeriesPlan;
  if (repeat.end === 'count') {
    const count = Number(repeat.count);
    if (repeat.count.trim() === '' || !Number.isInteger(count) || count < 2) return refuse('count', 'At least 2');
    if (count > SERIES_MAX_VISITS) return refuse('count', `At most ${SERIES_MAX_VISITS}`);
    plan = { startDate, every, count };
  } else {
    if (!repeat.until) return refuse('until', 'Give the number of visits or an end date');
    plan = { startDate, every, until: repeat.until };
  }
  const problem = seriesPlanProblem(plan);
  if (problem) return refuse(problem.path, problem.message);
  return { plan, dates: seriesDates(plan) };
}

/** A series request of the kind's shape: the booking's fields, the first date and time, and the plan. */
export type SeriesCreateInput<OwnerKey extends string> = Omit<AppointmentSeriesCreate, 'doctorId'> & Record<OwnerKey, string>;

/** What a series booking answered, as the dialog shows it. */
export interface SeriesBookedResult {
  visits: { id: string; date: string; startTime: string; tokenLabel: string }[];
  skipped: SeriesSkipped[];
}

/** The series request for a booking form's input and a plan. */
export function seriesRequestOf<OwnerKey extends string>(
  input: { patientId: string; date: string; startTime: string; reason?: string | null | undefined } & Record<OwnerKey, string>,
  ownerKey: OwnerKey,
  plan: SeriesPlan,
): SeriesCreateInput<OwnerKey> {
  const ownerId: string = input[ownerKey];
  const owner = { [ownerKey]: ownerId } as Record<OwnerKey, string>;
  return {
    ...owner,
    patientId: input.patientId,
    startDate: input.date,
    startTime: input.startTime,
    every: plan.every,
    ...(plan.count != null ? { count: plan.count } : { until: plan.until ?? '' }),
    ...(input.reason ? { reason: input.reason } : {}),
  };
}
