import { z } from 'zod';
import {
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentSchema,
  bookingStatusSchema,
  rescheduleSchema,
  visitSummaryKeys,
  type BookingStatus,
} from './appointments.js';
import { serviceKindSchema } from './services.js';

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

/** The report: an upload made with visibility 'private' and a PDF body. */
export const bookingReportSchema = z.object({ uploadId: z.uuid() });

export const bookingReportFileSchema = z.object({
  uploadId: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
});

const { doctorId: _doctorId, doctorName: _doctorName, specialization: _specialization, feePaise: _feePaise, status: _status, ...visitFields } = appointmentSchema.shape;
export const bookingSchema = z.object({
  ...visitFields,
  serviceId: z.uuid(),
  serviceName: z.string(),
  serviceKind: serviceKindSchema,
  category: z.string().nullable(),
  status: bookingStatusSchema,
  pricePaise: z.number().int(),
  report: bookingReportFileSchema.nullable(),
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
