import { z } from 'zod';
import { appointmentSchema } from './appointments.js';
import { bookingSchema, bookingTestSchema } from './bookings.js';
import { paginationQuerySchema } from './common.js';
import { phoneSchema } from './contact.js';
import { messageLanguageSchema } from './messages.js';
import { patientFieldShape } from './patients.js';
import { isoDateSchema, timeOfDaySchema } from './schedule.js';
import { serviceSchema } from './services.js';
import { lineText, multilineText } from './text.js';
import { waitlistKindSchema } from './waitlist.js';

/**
 * The patient app's API (/api/patient/*, design.md §5): sign-in by a one-time code sent to a
 * phone, then the organisations' doctors, free slots, booking and cancelling. Its tokens are not
 * staff tokens: neither opens the other's routes.
 */
export const PATIENT_OTP_DIGITS = 6;
export const PATIENT_OTP_TTL_SECONDS = 10 * 60;
/** Wrong guesses a code survives; the next wrong one kills it. */
export const PATIENT_OTP_MAX_ATTEMPTS = 5;
/** A patient stays signed in this long unless they sign out (each request checks the session). */
export const PATIENT_SESSION_TTL_DAYS = 30;

export const patientOtpRequestSchema = z.object({ phone: phoneSchema });
export type PatientOtpRequest = z.input<typeof patientOtpRequestSchema>;
export const patientOtpSentSchema = z.object({ expiresInSeconds: z.number().int() });

export const patientVerifyRequestSchema = z.object({
  phone: phoneSchema,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PATIENT_OTP_DIGITS}}$`), `Enter the ${PATIENT_OTP_DIGITS}-digit code from the text message`),
});
export type PatientVerifyRequest = z.input<typeof patientVerifyRequestSchema>;

/** The app's account; `language` is the one its holder chose in the app (null: not yet chosen). */
export const patientAccountSchema = z.object({ id: z.uuid(), phone: z.string(), language: messageLanguageSchema.nullable() });
export type PatientAccount = z.infer<typeof patientAccountSchema>;
/** PATCH /api/patient/account: the language the app and the account's messages use. */
export const patientAccountUpdateSchema = z.object({ language: messageLanguageSchema });
export type PatientAccountUpdate = z.infer<typeof patientAccountUpdateSchema>;
export const patientSessionSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.iso.datetime(),
  account: patientAccountSchema,
});
export type PatientSession = z.infer<typeof patientSessionSchema>;

export const organisationParamsSchema = z.object({ orgId: z.uuid() });
export const organisationItemParamsSchema = organisationParamsSchema.extend({ id: z.uuid() });

const facilityRefSchema = z.object({ id: z.uuid(), name: z.string() }).nullable();

/** What a patient sees of a doctor: no contact details, schedule internals or token prefix. */
export const patientDoctorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  specialization: z.string(),
  qualifications: z.string().nullable(),
  experienceYears: z.number().int().nullable(),
  feePaise: z.number().int(),
  photoUrl: z.string().nullable(),
  facility: facilityRefSchema,
});
export type PatientDoctor = z.infer<typeof patientDoctorSchema>;

export const patientDoctorListQuerySchema = paginationQuerySchema.extend({
  search: lineText().trim().max(100).optional(),
  specialization: lineText().trim().max(80).optional(),
});
export type PatientDoctorListQuery = z.input<typeof patientDoctorListQuerySchema>;

/**
 * Who the visit is for: one of the account's existing patient records in that organisation
 * (patientId), or a family member by name, whose record is found or created with the account's
 * phone. Flat rather than a union, so a missing field is reported by name.
 */
export const visitPatientSchema = z
  .object({
    patientId: z.uuid().optional(),
    name: patientFieldShape.name.optional(),
    gender: patientFieldShape.gender.optional(),
    dateOfBirth: patientFieldShape.dateOfBirth,
    /** Age in whole years when the date of birth is not known (as at the desk). */
    ageYears: patientFieldShape.ageYears,
  })
  .superRefine((value, ctx) => {
    if (value.patientId) {
      if (value.name !== undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Give either patientId or a name, not both' });
      return;
    }
    if (value.dateOfBirth != null && value.ageYears != null) ctx.addIssue({ code: 'custom', path: ['ageYears'], message: 'Give the date of birth or the age, not both' });
    if (!value.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Enter the patient’s name, or choose one of your patients (patientId)' });
    if (!value.gender) ctx.addIssue({ code: 'custom', path: ['gender'], message: 'Choose the patient’s gender' });
  });
export type VisitPatient = z.input<typeof visitPatientSchema>;

export const patientAppointmentCreateSchema = z.object({
  organisationId: z.uuid(),
  doctorId: z.uuid(),
  date: isoDateSchema,
  startTime: timeOfDaySchema,
  reason: multilineText().trim().max(500).optional(),
  patient: visitPatientSchema,
});
export type PatientAppointmentCreate = z.input<typeof patientAppointmentCreateSchema>;

/**
 * An appointment as its patient sees it: picked field by field from the console's, so a new
 * staff-only field (notes, history naming staff) never reaches the app by default.
 */
export const patientAppointmentSchema = appointmentSchema
  .pick({
    id: true,
    doctorId: true,
    doctorName: true,
    specialization: true,
    patientId: true,
    patientName: true,
    date: true,
    startTime: true,
    endTime: true,
    tokenNumber: true,
    tokenLabel: true,
    status: true,
    reason: true,
    cancelReason: true,
    feePaise: true,
    paymentStatus: true,
    source: true,
    awaitingConfirmation: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ organisationId: z.uuid(), organisationName: z.string(), facility: facilityRefSchema });
export type PatientAppointment = z.infer<typeof patientAppointmentSchema>;

/** The scans and tests the app can book (other services are sold at the desk, not scheduled). */
export const patientServiceKindSchema = z.enum(['SCAN', 'TEST']);

/** What a patient sees of a scan or test: what it is, what it costs, how to prepare. */
export const patientServiceSchema = serviceSchema
  .pick({
    id: true,
    kind: true,
    name: true,
    category: true,
    description: true,
    pricePaise: true,
    durationMinutes: true,
    preparation: true,
    reportTurnaroundHours: true,
    imageUrl: true,
  })
  .extend({
    facility: facilityRefSchema,
    /** A package's tests by name, in order (empty for a single scan or test). */
    includes: z.array(z.string()),
  });
export type PatientService = z.infer<typeof patientServiceSchema>;

export const patientServiceListQuerySchema = paginationQuerySchema.extend({
  kind: patientServiceKindSchema.optional(),
  search: lineText().trim().max(100).optional(),
  category: lineText().trim().max(60).optional(),
});
export type PatientServiceListQuery = z.input<typeof patientServiceListQuerySchema>;

export const patientBookingCreateSchema = patientAppointmentCreateSchema.omit({ doctorId: true }).extend({ serviceId: z.uuid() });
export type PatientBookingCreate = z.input<typeof patientBookingCreateSchema>;

/**
 * A scan or test booking as its patient sees it. A package's tests show by name and status: each
 * report opens on its own once REPORT_READY (GET /api/patient/bookings/{id}/tests/{testId}/report).
 */
export const patientBookingSchema = bookingSchema
  .pick({
    id: true,
    serviceId: true,
    serviceName: true,
    serviceKind: true,
    category: true,
    patientId: true,
    patientName: true,
    date: true,
    startTime: true,
    endTime: true,
    tokenNumber: true,
    tokenLabel: true,
    status: true,
    reason: true,
    cancelReason: true,
    pricePaise: true,
    paymentStatus: true,
    source: true,
    awaitingConfirmation: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    organisationId: z.uuid(),
    organisationName: z.string(),
    facility: facilityRefSchema,
    tests: z.array(bookingTestSchema.pick({ id: true, name: true, status: true })),
  });
export type PatientBooking = z.infer<typeof patientBookingSchema>;

export const patientVisitListQuerySchema = paginationQuerySchema;
export type PatientVisitListQuery = z.input<typeof patientVisitListQuerySchema>;

export const patientCancelSchema = z.object({ reason: multilineText().trim().max(500).optional() });
export type PatientCancel = z.input<typeof patientCancelSchema>;

/** What the history and the cancel reason say when a patient cancels in the app. */
export const CANCELLED_BY_PATIENT = 'Cancelled by the patient in the app';

/**
 * GET /api/patient/organisations/{orgId}/patients: the records in that organisation carrying the
 * account's phone (oneself and family), for "who is this visit for". Nothing staff-only.
 */
export const patientRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  gender: z.enum(['MALE', 'FEMALE', 'OTHER']),
  /** Whole years, from the date of birth (or the age the desk entered); null when unknown. */
  ageYears: z.number().int().nullable(),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;
export const patientRecordListSchema = z.object({ items: z.array(patientRecordSchema) });
export type PatientRecordList = z.infer<typeof patientRecordListSchema>;

/**
 * POST /api/patient/appointments/{id}/reschedule (and …/bookings/{id}/reschedule): the same doctor
 * or scan/test, another free slot, within the organisation's online-booking rules.
 */
export const patientRescheduleSchema = z.object({ date: isoDateSchema, startTime: timeOfDaySchema });
export type PatientReschedule = z.input<typeof patientRescheduleSchema>;

/** How the wait was estimated: today's actual pace of the doctor or scan, else the slot length. */
export const queueEstimateBasisSchema = z.enum(['PACE', 'SLOT']);
export type QueueEstimateBasis = z.infer<typeof queueEstimateBasisSchema>;

/**
 * GET /api/patient/appointments/{id}/queue (and …/bookings/{id}/queue): where the visit stands in
 * today's queue — 'Now serving A-004 · you are A-007 · 3 ahead · about 15 min'. Token labels
 * only: never another patient's name. `ahead` and the estimate are null when the visit is not
 * waiting today (not checked in, called, done, another day).
 */
export const patientQueuePositionSchema = z.object({
  visitId: z.uuid(),
  date: z.iso.date(),
  status: z.string(),
  /** The token being served now in this queue, if any. */
  nowServing: z.string().nullable(),
  you: z.string(),
  ahead: z.number().int().nullable(),
  estimateMinutes: z.number().int().nullable(),
  estimateBasis: queueEstimateBasisSchema.nullable(),
  /** Where to go when called (the doctor's or the scan's room), if set. */
  room: z.string().nullable(),
});
export type PatientQueuePosition = z.infer<typeof patientQueuePositionSchema>;

/** GET /api/patient/bookings/{id}/report: a short-lived signed link to the ready report (404 before). */
export const patientReportLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type PatientReportLink = z.infer<typeof patientReportLinkSchema>;

/**
 * POST /api/patient/waitlist: the patient app joins a full day's waitlist for oneself or a family
 * member (found or created by name, as the app's booking does), within the online-booking rules.
 * Here, not in waitlist.ts: the console imports that one, and this one's imports are the app's.
 */
export const patientWaitlistJoinSchema = z.object({
  organisationId: z.uuid(),
  kind: waitlistKindSchema,
  ownerId: z.uuid(),
  date: isoDateSchema,
  patient: visitPatientSchema,
});
export type PatientWaitlistJoin = z.input<typeof patientWaitlistJoinSchema>;
