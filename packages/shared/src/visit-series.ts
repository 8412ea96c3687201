import { z } from 'zod';
import { appointmentSchema, appointmentSummarySchema } from './appointments.js';
import { bookingSchema, bookingSummarySchema } from './bookings.js';
import { addDays, daysBetween, isValidIsoDate } from './calendar.js';
import { isoDateSchema, timeOfDaySchema } from './schedule.js';
import { multilineText } from './text.js';

/*
 * Recurring visits (issue 21): physiotherapy, dialysis, antenatal care. A series is one patient's
 * visits with one doctor at one time of day, every N days or weeks, a number of them or up to an
 * end date. Each occurrence is an ordinary visit that names its series.
 */

/** The most visits one series books: a year of weekly visits. */
export const SERIES_MAX_VISITS = 52;
/** The last visit of a series is at most this many days after its first. */
export const SERIES_MAX_DAYS = 365;

export const seriesUnits = ['day', 'week'] as const;
export const seriesUnitSchema = z.enum(seriesUnits);
export type SeriesUnit = z.infer<typeof seriesUnitSchema>;

export const seriesEverySchema = z.object({
  n: z.number().int().min(1, 'At least 1').max(SERIES_MAX_DAYS, `At most ${SERIES_MAX_DAYS}`),
  unit: seriesUnitSchema,
});
export type SeriesEvery = z.infer<typeof seriesEverySchema>;

/** When a series' visits fall: from its first date, every N days or weeks, `count` of them or up to `until`. */
export interface SeriesPlan {
  startDate: string;
  every: SeriesEvery;
  count?: number | null | undefined;
  until?: string | null | undefined;
}

/**
 * The dates of a plan, first to last. Never more than one past SERIES_MAX_VISITS, so that a
 * plan asking for too many is told apart without walking a long way.
 */
export function seriesDates(plan: SeriesPlan): string[] {
  const step = plan.every.n * (plan.every.unit === 'week' ? 7 : 1);
  const dates: string[] = [];
  for (let index = 0; index <= SERIES_MAX_VISITS && step > 0; index += 1) {
    const date = addDays(plan.startDate, index * step);
    if (plan.count != null ? index >= plan.count : plan.until == null || date > plan.until) break;
    dates.push(date);
  }
  return dates;
}

/** Why a plan is no series CareDesk books, on the field to change; null when it is one. */
export function seriesPlanProblem(plan: SeriesPlan): { path: 'count' | 'until'; message: string } | null {
  const hasCount = plan.count != null;
  const hasUntil = plan.until != null;
  if (!hasCount && !hasUntil) return { path: 'count', message: 'Give the number of visits or an end date' };
  if (hasCount && hasUntil) return { path: 'until', message: 'Give the number of visits or an end date, not both' };
  if (hasUntil && plan.until! <= plan.startDate) return { path: 'until', message: 'Choose an end date after the first visit' };
  if (hasUntil && daysBetween(plan.startDate, plan.until!) > SERIES_MAX_DAYS) return { path: 'until', message: 'Choose an end date at most a year after the first visit' };
  const dates = seriesDates(plan);
  if (dates.length > SERIES_MAX_VISITS) {
    return hasCount ? { path: 'count', message: `At most ${SERIES_MAX_VISITS}` } : { path: 'until', message: 'A series has at most 52 visits: choose an earlier end date' };
  }
  if (dates.length < 2) return { path: 'until', message: 'This end date leaves a single visit: choose a later one' };
  if (daysBetween(plan.startDate, dates.at(-1)!) > SERIES_MAX_DAYS) return { path: 'count', message: 'A series spans at most a year: choose fewer visits' };
  return null;
}

const seriesFields = {
  patientId: z.uuid(),
  startDate: isoDateSchema,
  startTime: timeOfDaySchema,
  every: seriesEverySchema,
  count: z.number().int().min(2, 'At least 2').max(SERIES_MAX_VISITS, `At most ${SERIES_MAX_VISITS}`).optional(),
  until: isoDateSchema.optional(),
  reason: multilineText().trim().max(500).nullable().optional(),
  notes: multilineText().trim().max(2000).nullable().optional(),
};

/**
 * POST /api/appointments/series: a doctor's appointments for one patient at one time of day, as a
 * series. A plan that is no series is refused on its field (count or until).
 */
export const appointmentSeriesCreateSchema = z.object({ doctorId: z.uuid(), ...seriesFields }).superRefine(refusePlanProblem);

/** Zod runs an object's refinement after its fields' issues too: only a plan whose fields hold is checked as a plan. */
function refusePlanProblem(plan: SeriesPlan, context: z.RefinementCtx): void {
  const { startDate, every, count, until } = plan;
  const fieldsHold =
    isValidIsoDate(startDate) &&
    (until == null || isValidIsoDate(until)) &&
    Number.isInteger(every.n) &&
    every.n >= 1 &&
    every.n <= SERIES_MAX_DAYS &&
    (count == null || (Number.isInteger(count) && count >= 2 && count <= SERIES_MAX_VISITS));
  const problem = fieldsHold ? seriesPlanProblem(plan) : null;
  if (problem) context.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
}
export type AppointmentSeriesCreate = z.input<typeof appointmentSeriesCreateSchema>;

/** POST /api/bookings/series: a scan's or test's bookings for one patient at one time of day (a course of physiotherapy scans, a weekly dressing, a dialysis test). */
export const bookingSeriesCreateSchema = z.object({ serviceId: z.uuid(), ...seriesFields }).superRefine(refusePlanProblem);
export type BookingSeriesCreate = z.input<typeof bookingSeriesCreateSchema>;

export const visitSeriesSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['appointment', 'booking']),
  /** The doctor (appointments) or the scan or test (bookings) the series is booked with now. */
  ownerId: z.uuid(),
  patientId: z.uuid(),
  startDate: z.string(),
  /** The time of day of its visits, moved when the series is moved. */
  startTime: z.string(),
  every: seriesEverySchema,
  count: z.number().int().nullable(),
  until: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When the series was cancelled as a whole. */
  cancelledAt: z.iso.datetime().nullable(),
});
export type VisitSeries = z.infer<typeof visitSeriesSchema>;

/**
 * Why an occurrence was not booked or not moved: the doctor is on leave that day, does not work
 * at that time that day, the slot is full, the time has passed; 'other' for a move refused for
 * another reason (the visit changed meanwhile), which `message` says.
 */
export const seriesRefusalReasons = ['on-leave', 'not-working', 'slot-full', 'past', 'other'] as const;
export const seriesRefusalReasonSchema = z.enum(seriesRefusalReasons);
export type SeriesRefusalReason = z.infer<typeof seriesRefusalReasonSchema>;

/** A date of the series left out when it was booked, and why (the server's words in the reply's language). */
export const seriesSkippedSchema = z.object({ date: z.string(), reason: seriesRefusalReasonSchema, message: z.string() });
export type SeriesSkipped = z.infer<typeof seriesSkippedSchema>;

/** The 201 of POST /api/appointments/series: the series, the visits booked, the dates skipped. */
export const appointmentSeriesBookedSchema = z.object({
  series: visitSeriesSchema,
  visits: z.array(appointmentSchema),
  skipped: z.array(seriesSkippedSchema),
});
export type AppointmentSeriesBooked = z.infer<typeof appointmentSeriesBookedSchema>;

/** GET /api/appointments/series/:id: the series and every visit of it, by date. */
export const appointmentSeriesSchema = z.object({ series: visitSeriesSchema, visits: z.array(appointmentSummarySchema) });
export type AppointmentSeries = z.infer<typeof appointmentSeriesSchema>;

/** The 201 of POST /api/bookings/series. */
export const bookingSeriesBookedSchema = z.object({
  series: visitSeriesSchema,
  visits: z.array(bookingSchema),
  skipped: z.array(seriesSkippedSchema),
});
export type BookingSeriesBooked = z.infer<typeof bookingSeriesBookedSchema>;

/** GET /api/bookings/series/:id. */
export const bookingSeriesSchema = z.object({ series: visitSeriesSchema, visits: z.array(bookingSummarySchema) });
export type BookingSeries = z.infer<typeof bookingSeriesSchema>;

/** POST …/series/:id/cancel: every future visit still booked is cancelled with this reason. */
export const seriesCancelSchema = z.object({ reason: multilineText().trim().min(1, 'Give a reason').max(500) });
export type SeriesCancel = z.input<typeof seriesCancelSchema>;

/** POST /api/appointments/series/:id/reschedule: every future visit still booked to a new time, and/or another doctor. */
export const appointmentSeriesRescheduleSchema = z.object({
  startTime: timeOfDaySchema,
  doctorId: z.uuid().optional(),
  reason: multilineText().trim().max(500).optional(),
});
export type AppointmentSeriesReschedule = z.input<typeof appointmentSeriesRescheduleSchema>;

/** POST /api/bookings/series/:id/reschedule: every future booking still booked to a new time, and/or another scan or test. */
export const bookingSeriesRescheduleSchema = appointmentSeriesRescheduleSchema.omit({ doctorId: true }).extend({ serviceId: z.uuid().optional() });
export type BookingSeriesReschedule = z.input<typeof bookingSeriesRescheduleSchema>;

const seriesVisitRefSchema = z.object({ id: z.uuid(), date: z.string(), startTime: z.string() });

/** What a whole-series cancel or move did: the visits changed, and those left as they were and why. */
export const seriesChangeResultSchema = z.object({
  series: visitSeriesSchema,
  changed: z.array(seriesVisitRefSchema),
  refused: z.array(seriesVisitRefSchema.extend({ reason: seriesRefusalReasonSchema, message: z.string() })),
});
export type SeriesChangeResult = z.infer<typeof seriesChangeResultSchema>;
