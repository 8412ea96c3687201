import { z } from 'zod';
import {
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  bookingStatusSchema,
  bulkRescheduleSchema,
  rescheduleSchema,
  visitSummaryKeys,
  type BookingStatus,
} from './appointments.js';
import { serviceKindSchema } from './services.js';
import { multilineText } from './text.js';

/** A scan or test booking (design.md §5): an appointment with a service instead of a doctor. */
export const bookingCreateSchema = appointmentCreateSchema.omit({ doctorId: true }).extend({ serviceId: z.uuid() });
export type BookingCreate = z.input<typeof bookingCreateSchema>;

export const bookingActions = ['check-in', 'start', 'complete', 'cancel', 'no-show'] as const;
export const bookingActionSchema = z.enum(bookingActions);
export type BookingAction = z.infer<typeof bookingActionSchema>;
/** REPORT_READY is reached only by uploading the report (POST /api/bookings/:id/report). */
export const bookingActionTarget: Record<BookingAction, BookingStatus> = {
  'check-in': 'CHECKED_IN',
  start: 'IN_PROGRESS',
  complete: 'COMPLETED',
  cancel: 'CANCELLED',
  'no-show': 'NO_SHOW',
};

export const bookingRescheduleSchema = rescheduleSchema.omit({ doctorId: true }).extend({ serviceId: z.uuid().optional() });
export type BookingReschedule = z.input<typeof bookingRescheduleSchema>;

/** POST /api/bookings/bulk-reschedule: as an appointments' one, with another scan or test instead of another doctor. */
export const bookingBulkRescheduleSchema = bulkRescheduleSchema.omit({ doctorId: true }).extend({ serviceId: z.uuid().optional() });
export type BookingBulkReschedule = z.input<typeof bookingBulkRescheduleSchema>;

/** The report: an upload made with visibility 'private' and a PDF body. */
export const bookingReportSchema = z.object({ uploadId: z.uuid() });

export const bookingReportFileSchema = z.object({
  uploadId: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
});

/**
 * One test of a package booking (a health check: several tests, one token). PENDING until it is
 * done while the patient is served (or the booking is completed), SKIPPED with a reason when it
 * cannot be done, REPORT_READY once its own report is attached. The booking reaches REPORT_READY
 * when every test not skipped has its report.
 */
export const bookingTestStatuses = ['PENDING', 'DONE', 'SKIPPED', 'REPORT_READY'] as const;
export const bookingTestStatusSchema = z.enum(bookingTestStatuses);
export type BookingTestStatus = z.infer<typeof bookingTestStatusSchema>;

export const bookingTestActions = ['done', 'skip'] as const;
export const bookingTestActionSchema = z.enum(bookingTestActions);
export type BookingTestAction = z.infer<typeof bookingTestActionSchema>;
/** A skip needs its reason (the patient and the doctor will ask why the test is missing). */
export const bookingTestActionBodySchema = z.object({ reason: multilineText().trim().max(300).optional() });
export type BookingTestActionBody = z.input<typeof bookingTestActionBodySchema>;

export const bookingTestSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  name: z.string(),
  kind: serviceKindSchema,
  status: bookingTestStatusSchema,
  skipReason: z.string().nullable(),
  doneAt: z.iso.datetime().nullable(),
  report: bookingReportFileSchema.nullable(),
});
export type BookingTest = z.infer<typeof bookingTestSchema>;

const { doctorId: _doctorId, doctorName: _doctorName, specialization: _specialization, feePaise: _feePaise, status: _status, ...visitFields } = appointmentSchema.shape;
export const bookingSchema = z.object({
  ...visitFields,
  serviceId: z.uuid(),
  serviceName: z.string(),
  serviceKind: serviceKindSchema,
  category: z.string().nullable(),
  status: bookingStatusSchema,
  pricePaise: z.number().int(),
  /** The booking's own report; null for a package, whose reports are its tests'. */
  report: bookingReportFileSchema.nullable(),
  /** A package's tests in the package's order; empty for a single scan or test. */
  tests: z.array(bookingTestSchema),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListQuerySchema = appointmentListQuerySchema.omit({ doctorId: true, status: true }).extend({
  serviceId: z.uuid().optional(),
  kind: serviceKindSchema.optional(),
  status: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(bookingStatusSchema).min(1))
    .optional(),
});
export type BookingListQuery = z.input<typeof bookingListQuerySchema>;

/** A row of the booking list: the visit's summary (visitSummaryKeys) and the scan or test it is for. */
export const bookingSummarySchema = bookingSchema.pick({ ...visitSummaryKeys, serviceId: true, serviceName: true, serviceKind: true, category: true });
export type BookingSummary = z.infer<typeof bookingSummarySchema>;
