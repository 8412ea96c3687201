import { z } from 'zod';
import { errorBodySchema } from './common.js';
import { isoDateSchema, minutesOfDay, timeOfDaySchema } from './schedule.js';
import { lineText } from './text.js';

/*
 * The doctor's day (issue 21): one day that differs from the weekly schedule without editing it
 * (a late start, an extra session, closed, another number of patients per slot), and leave over
 * days that already have bookings, which cancels or moves them in one action.
 */

/** The most windows one changed day may have. */
export const MAX_DAY_WINDOWS = 12;

export const dayWindowSchema = z.object({ start: timeOfDaySchema, end: timeOfDaySchema });
export type DayWindow = z.infer<typeof dayWindowSchema>;

/** One day's hours: each window ends after it starts, none overlaps another. [] is closed. */
export const dayWindowsSchema = z
  .array(dayWindowSchema)
  .max(MAX_DAY_WINDOWS)
  .superRefine((windows, ctx) => {
    windows.forEach((window, index) => {
      if (minutesOfDay(window.end) <= minutesOfDay(window.start)) {
        ctx.addIssue({ code: 'custom', path: [index, 'end'], message: 'End time must be after the start time' });
      }
      const overlaps = windows.some(
        (other, otherIndex) => otherIndex < index && minutesOfDay(window.start) < minutesOfDay(other.end) && minutesOfDay(other.start) < minutesOfDay(window.end),
      );
      if (overlaps) ctx.addIssue({ code: 'custom', path: [index, 'start'], message: 'This window overlaps another on the same day' });
    });
  });

/**
 * PUT /api/doctors/:id/days/:date. `windows` replaces the weekday's hours that day ([]: closed;
 * null or absent: the weekly hours); `capacity` the patients per slot (null or absent: the
 * doctor's). A change that leaves booked visits outside the new hours or over the new cap is
 * refused (409 listing them) unless `strandedVisits: 'keep'`: they stay, shown as outside hours.
 */
export const doctorDayInputSchema = z
  .object({
    windows: dayWindowsSchema.nullable().default(null),
    capacity: z.number().int().min(1).max(50).nullable().default(null),
    note: lineText().trim().max(200).nullable().optional(),
    strandedVisits: z.literal('keep').optional(),
  })
  .superRefine((input, ctx) => {
    if (input.windows === null && input.capacity === null) {
      ctx.addIssue({ code: 'custom', path: ['windows'], message: 'Change the hours or the patients per slot' });
    }
  });
export type DoctorDayInput = z.input<typeof doctorDayInputSchema>;

export const doctorDayParamsSchema = z.object({ id: z.uuid(), date: isoDateSchema });
export const doctorDaysQuerySchema = z.object({ from: isoDateSchema.optional() });

/** A visit a change touches, named without its patient (a 409's list travels in an error reply). */
export const affectedVisitSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  tokenLabel: z.string(),
  status: z.string(),
});
export type AffectedVisit = z.infer<typeof affectedVisitSchema>;

/** A 409 that names the visits in the way: a day change stranding them, leave over booked days. */
export const visitsConflictSchema = errorBodySchema.extend({ visits: z.array(affectedVisitSchema) });
export type VisitsConflict = z.infer<typeof visitsConflictSchema>;

export const doctorDayChangeSchema = z.object({
  date: z.string(),
  /** The day's hours instead of the weekday's ([]: closed); null: the weekly hours. */
  windows: z.array(dayWindowSchema).nullable(),
  /** Patients per slot that day; null: the doctor's patientsPerSlot. */
  capacity: z.number().int().nullable(),
  note: z.string().nullable(),
  byName: z.string().nullable(),
  at: z.iso.datetime(),
  /** Live visits of the day kept outside its hours or over its cap when it was changed. */
  outsideHours: z.array(affectedVisitSchema),
});
export type DoctorDayChange = z.infer<typeof doctorDayChangeSchema>;

/** GET /api/doctors/:id/days/:date: the day as it is, and its change if it has one. */
export const doctorDaySchema = z.object({
  date: z.string(),
  change: doctorDayChangeSchema.nullable(),
  /** The hours the day has: the change's, else the weekday's. */
  windows: z.array(dayWindowSchema),
  capacity: z.number().int(),
  onLeave: z.boolean(),
});
export type DoctorDay = z.infer<typeof doctorDaySchema>;

export const doctorDayChangesSchema = z.object({ data: z.array(doctorDayChangeSchema) });

/** Where a leave's visits go: cancelled, or moved to another doctor (same date and time) or another day. */
export const leaveMoveToSchema = z
  .object({ doctorId: z.uuid().optional(), date: isoDateSchema.optional() })
  .refine((to) => to.doctorId !== undefined || to.date !== undefined, { message: 'Choose another doctor or another day', path: ['doctorId'] });

/**
 * POST /api/doctors/:id/leave. Without `visits`, leave over days with live visits is refused (409
 * listing them). With it, in one transaction, the leave is saved and each visit cancelled (the
 * reason, or CANCELLED_FOR_LEAVE) or moved at the same time; a visit that cannot move stays as it
 * was, and then nothing is saved unless `partial: true`.
 */
export const doctorLeaveInputSchema = z.object({
  dates: z.array(isoDateSchema).min(1, 'Choose at least one date').max(366),
  visits: z.union([z.literal('cancel'), z.object({ moveTo: leaveMoveToSchema })]).optional(),
  reason: lineText().trim().max(200).optional(),
  partial: z.boolean().optional(),
});
export type DoctorLeaveInput = z.input<typeof doctorLeaveInputSchema>;

export const leaveVisitOutcomes = ['cancelled', 'moved', 'not-moved'] as const;
export const leaveVisitOutcomeSchema = affectedVisitSchema.extend({
  outcome: z.enum(leaveVisitOutcomes),
  /** Where a moved visit went. */
  to: z.object({ doctorId: z.uuid(), doctorName: z.string(), date: z.string(), startTime: z.string(), tokenLabel: z.string() }).nullable(),
  /** Why a visit did not move, in the reply's language. */
  reason: z.string().nullable(),
});
export type LeaveVisitOutcome = z.infer<typeof leaveVisitOutcomeSchema>;

export const doctorLeaveResultSchema = z.object({
  leaveDates: z.array(z.string()),
  visits: z.array(leaveVisitOutcomeSchema),
});
export type DoctorLeaveResult = z.infer<typeof doctorLeaveResultSchema>;

/** The 409 of a leave whose visits could not all move: what each would have done; nothing changed. */
export const leaveConflictSchema = errorBodySchema.extend({ visits: z.array(leaveVisitOutcomeSchema) });
export type LeaveConflict = z.infer<typeof leaveConflictSchema>;
