import { z } from 'zod';
import { listQuerySchema, queryBooleanSchema } from './lists.js';
import { isoDateSchema, timeOfDaySchema } from './schedule.js';
import { multilineText } from './text.js';

/** design.md §5: BOOKED -> CHECKED_IN -> IN_CONSULTATION -> COMPLETED, or CANCELLED / NO_SHOW. */
export const appointmentStatuses = ['BOOKED', 'CHECKED_IN', 'IN_CONSULTATION', 'COMPLETED', 'CANCELLED', 'NO_SHOW'] as const;
export const appointmentStatusSchema = z.enum(appointmentStatuses);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** design.md §5: bookings add IN_PROGRESS and REPORT_READY (the report upload). */
export const bookingStatuses = ['BOOKED', 'CHECKED_IN', 'IN_PROGRESS', 'COMPLETED', 'REPORT_READY', 'CANCELLED', 'NO_SHOW'] as const;
export const bookingStatusSchema = z.enum(bookingStatuses);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** The only moves a visit may make; anything else is a 409 naming the current status. */
export const appointmentTransitions: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  BOOKED: ['CHECKED_IN', 'CANCELLED', 'NO_SHOW'],
  CHECKED_IN: ['IN_CONSULTATION', 'CANCELLED', 'NO_SHOW'],
  IN_CONSULTATION: ['COMPLETED'],
  COMPLETED: [],
  CANCELLED: [],
  NO_SHOW: [],
};
export const bookingTransitions: Record<BookingStatus, readonly BookingStatus[]> = {
  BOOKED: ['CHECKED_IN', 'CANCELLED', 'NO_SHOW'],
  CHECKED_IN: ['IN_PROGRESS', 'CANCELLED', 'NO_SHOW'],
  IN_PROGRESS: ['COMPLETED'],
  COMPLETED: ['REPORT_READY'],
  REPORT_READY: [],
  CANCELLED: [],
  NO_SHOW: [],
};

/** Statuses that hold a place in a slot: cancelled and no-show visits free it. */
export const LIVE_VISIT_STATUSES = ['BOOKED', 'CHECKED_IN', 'IN_CONSULTATION', 'IN_PROGRESS', 'COMPLETED', 'REPORT_READY'] as const;

export function canMoveAppointment(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return appointmentTransitions[from].includes(to);
}
export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return bookingTransitions[from].includes(to);
}

export const visitSources = ['CONSOLE', 'APP', 'WALK_IN'] as const;
export const visitSourceSchema = z.enum(visitSources);
export const paymentStatuses = ['UNPAID', 'PAID', 'WAIVED'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);

/** English words for a visit's status, payment and source, as the console says them (CSV exports). */
export const visitStatusLabels: Record<AppointmentStatus | BookingStatus, string> = {
  BOOKED: 'Booked',
  CHECKED_IN: 'Checked in',
  IN_CONSULTATION: 'In consultation',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  REPORT_READY: 'Report ready',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No-show',
};
export const paymentStatusLabels: Record<(typeof paymentStatuses)[number], string> = { UNPAID: 'Unpaid', PAID: 'Paid', WAIVED: 'Waived' };
export const visitSourceLabels: Record<(typeof visitSources)[number], string> = { CONSOLE: 'Desk', APP: 'Patient app', WALK_IN: 'Walk-in' };

/** Token as shown on slips and the waiting-room display: 7 -> '007', with prefix 'A' -> 'A-007'. */
export function tokenLabel(tokenNumber: number, prefix?: string | null): string {
  const number = String(tokenNumber).padStart(3, '0');
  return prefix ? `${prefix}-${number}` : number;
}

/** A bookable slot on one date: only free ones are listed (remaining > 0). */
export const slotSchema = z.object({
  start: timeOfDaySchema,
  end: timeOfDaySchema,
  capacity: z.number().int(),
  remaining: z.number().int(),
});
export type Slot = z.infer<typeof slotSchema>;
export const slotsQuerySchema = z.object({ date: isoDateSchema });
/** A day's allowance of extras beyond its slots (the owner's extraPerDay) and how many are left. */
export const extraAllowanceSchema = z.object({ allowance: z.number().int(), left: z.number().int() });
export type ExtraAllowance = z.infer<typeof extraAllowanceSchema>;
export const slotsResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  slots: z.array(slotSchema),
  /**
   * The desk's slots only (never the patient app's): the slots that are full and not past, which
   * the desk may book as extras while `extras.left` > 0.
   */
  full: z.array(slotSchema).optional(),
  extras: extraAllowanceSchema.optional(),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

export const historyEntrySchema = z.object({
  at: z.iso.datetime(),
  byStaffId: z.uuid().nullable(),
  byName: z.string().nullable(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  /** For a reschedule: the old and new date/time; for a cancel: the reason. */
  note: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const appointmentCreateSchema = z.object({
  doctorId: z.uuid(),
  patientId: z.uuid(),
  date: isoDateSchema,
  startTime: timeOfDaySchema,
  reason: multilineText().trim().max(500).nullable().optional(),
  notes: multilineText().trim().max(2000).nullable().optional(),
  source: visitSourceSchema.default('CONSOLE'),
  /**
   * When the slot is full, book an extra within the day's allowance (the doctor's extraPerDay):
   * asked for by the desk, never done silently. A slot with room is booked as usual.
   */
  overbook: z.boolean().optional(),
});
export type AppointmentCreate = z.input<typeof appointmentCreateSchema>;

export const appointmentActions = ['check-in', 'start', 'complete', 'cancel', 'no-show'] as const;
export const appointmentActionSchema = z.enum(appointmentActions);
export type AppointmentAction = z.infer<typeof appointmentActionSchema>;
export const appointmentActionTarget: Record<AppointmentAction, AppointmentStatus> = {
  'check-in': 'CHECKED_IN',
  start: 'IN_CONSULTATION',
  complete: 'COMPLETED',
  cancel: 'CANCELLED',
  'no-show': 'NO_SHOW',
};
/**
 * The reason the desk gives when a doctor's leave cancels the day's appointments (the doctor's
 * page: 'Cancel and tell the patients'). The patient's message says it in their own language.
 */
export const CANCELLED_FOR_LEAVE = 'The doctor is on leave that day';

/** A cancel needs a reason; other actions may carry a note. */
export const visitActionBodySchema = z.object({ reason: multilineText().trim().max(500).optional() });

export const rescheduleSchema = z.object({
  date: isoDateSchema,
  startTime: timeOfDaySchema,
  doctorId: z.uuid().optional(),
  reason: multilineText().trim().max(500).optional(),
  /** When the new slot is full: move in as an extra in the day's allowance (the desk's own call). */
  overbook: z.boolean().optional(),
});
export type AppointmentReschedule = z.input<typeof rescheduleSchema>;

export const appointmentSchema = z.object({
  id: z.uuid(),
  facilityId: z.uuid().nullable(),
  doctorId: z.uuid(),
  doctorName: z.string(),
  specialization: z.string(),
  patientId: z.uuid(),
  patientName: z.string(),
  patientPhone: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  tokenNumber: z.number().int(),
  tokenLabel: z.string(),
  status: appointmentStatusSchema,
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  feePaise: z.number().int(),
  paymentStatus: paymentStatusSchema,
  source: visitSourceSchema,
  /** Booked in the patient app while the desk confirms online bookings, and not confirmed yet. */
  awaitingConfirmation: z.boolean(),
  /** An extra beyond its slot's capacity, in the day's allowance (overbook, or a walk-in to a full day). */
  overbooked: z.boolean(),
  /** The recurring series it belongs to (POST /api/appointments/series), if any: the full record only. */
  seriesId: z.uuid().nullable().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  history: z.array(historyEntrySchema).optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentListQuerySchema = listQuerySchema(['date', 'token', 'createdAt'] as const).extend({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  doctorId: z.uuid().optional(),
  patientId: z.uuid().optional(),
  status: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(appointmentStatusSchema).min(1))
    .optional(),
  /** 'true': only visits awaiting the desk's confirmation; 'false': only the others. */
  awaitingConfirmation: queryBooleanSchema.optional(),
});
export type AppointmentListQuery = z.input<typeof appointmentListQuerySchema>;

/**
 * What every row of a visit list shows, appointments and bookings alike (issue 13): token, day
 * and time, the patient's name and phone, the status. The reason, notes, cancel reason, fee and
 * payment stay on the one record (GET /appointments/{id}, /bookings/{id}), whose read is audited.
 */
export const visitSummaryKeys = {
  id: true,
  /** Whose visit it is: a list's bulk 'Message' writes to each selected visit's patient (issue 21). */
  patientId: true,
  tokenNumber: true,
  tokenLabel: true,
  date: true,
  startTime: true,
  endTime: true,
  patientName: true,
  patientPhone: true,
  status: true,
  awaitingConfirmation: true,
  overbooked: true,
} as const;

/** A row of the appointment list and its calendar: the visit, and the doctor it is with. */
export const appointmentSummarySchema = appointmentSchema.pick({ ...visitSummaryKeys, doctorId: true, doctorName: true, specialization: true });
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

/** Visits one bulk action takes at a time (a list page holds at most 100 rows a screen). */
export const BULK_VISIT_LIMIT = 100;

/** The visits selected in a list for one bulk action. */
function bulkVisitIdsSchema() {
  return z.array(z.uuid()).min(1, 'Choose at least one visit').max(BULK_VISIT_LIMIT, `At most ${BULK_VISIT_LIMIT} at a time`);
}

/**
 * POST /api/appointments/bulk-cancel and /api/bookings/bulk-cancel: the visits selected in a list,
 * cancelled with one reason. An id given twice is cancelled once.
 */
export const bulkCancelSchema = z.object({
  ids: bulkVisitIdsSchema(),
  reason: multilineText().trim().min(1, 'Give a reason').max(500),
});
export type BulkCancel = z.input<typeof bulkCancelSchema>;

/**
 * Why one visit of a bulk action was left as it was: 'not-found' (unknown, or another
 * organisation's: never confirmed to exist), 'status' (its status allows no such move; `status`
 * says what it is now), 'other' (`message` says why).
 */
export const bulkRefusalReasons = ['not-found', 'status', 'other'] as const;
export const bulkRefusalReasonSchema = z.enum(bulkRefusalReasons);
export type BulkRefusalReason = z.infer<typeof bulkRefusalReasonSchema>;

/** One visit of a bulk action left as it was, and why. */
export const bulkRefusalSchema = z.object({
  id: z.uuid(),
  outcome: z.literal('refused'),
  reason: bulkRefusalReasonSchema,
  /** The visit's status when it was refused for it; null otherwise. */
  status: z.string().nullable(),
  /** The server's words for the refusal, in the reply's language. */
  message: z.string(),
});
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

/** One visit of a bulk cancel, in the order asked: cancelled, or refused with the reason. */
export const bulkCancelOutcomeSchema = z.discriminatedUnion('outcome', [z.object({ id: z.uuid(), outcome: z.literal('cancelled') }), bulkRefusalSchema]);
export type BulkCancelOutcome = z.infer<typeof bulkCancelOutcomeSchema>;
export const bulkCancelResultSchema = z.object({
  results: z.array(bulkCancelOutcomeSchema),
  cancelled: z.number().int(),
  refused: z.number().int(),
});
export type BulkCancelResult = z.infer<typeof bulkCancelResultSchema>;

/**
 * POST /api/appointments/bulk-reschedule: the visits selected in a list, each moved to `date` at
 * its own start time, with its own doctor unless another is given. An id given twice moves once.
 * No overbooking: a full slot is a refusal, like any other rule of a single reschedule.
 */
export const bulkRescheduleSchema = z.object({
  ids: bulkVisitIdsSchema(),
  date: isoDateSchema,
  doctorId: z.uuid().optional(),
});
export type BulkReschedule = z.input<typeof bulkRescheduleSchema>;

/** One visit of a bulk reschedule, in the order asked: where it went (its new token), or refused with the reason. */
export const bulkRescheduleOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ id: z.uuid(), outcome: z.literal('moved'), date: z.string(), startTime: z.string(), tokenLabel: z.string() }),
  bulkRefusalSchema,
]);
export type BulkRescheduleOutcome = z.infer<typeof bulkRescheduleOutcomeSchema>;
export const bulkRescheduleResultSchema = z.object({
  results: z.array(bulkRescheduleOutcomeSchema),
  moved: z.number().int(),
  refused: z.number().int(),
});
export type BulkRescheduleResult = z.infer<typeof bulkRescheduleResultSchema>;
