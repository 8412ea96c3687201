import { z } from 'zod';

/**
 * The consulting room (issue #21): a doctor's own account (role USER, SPEC.md's DOCTOR) sees its
 * doctor's queue of today (GET /api/consulting/queue, a TokenQueue) and, for a patient in it, that
 * patient's history with the organisation; it calls the next patient and completes the one being
 * seen. Nothing else.
 */

/** GET /api/consulting/queue without a linked doctor (the doctor was removed since): a 404 saying so. */
export const NO_LINKED_DOCTOR_MESSAGE = 'This account is not linked to a doctor. Ask your administrator.';

/** One earlier (or later) visit of the patient: with a doctor, or a scan or test with its report. */
export const consultingPastVisitSchema = z.object({
  kind: z.enum(['appointment', 'booking']),
  id: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  /** The doctor's name, or the scan's or test's. */
  with: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  /** A ready report: its file name and a short-lived link to it. */
  report: z.object({ name: z.string(), url: z.string() }).nullable(),
});
export type ConsultingPastVisit = z.infer<typeof consultingPastVisitSchema>;

/** GET /api/consulting/visits/:id: the patient of one of today's visits of the account's doctor. */
export const consultingPatientSchema = z.object({
  visitId: z.uuid(),
  patient: z.object({
    id: z.uuid(),
    uhid: z.string(),
    name: z.string(),
    gender: z.string(),
    /** Whole years today; null without a date of birth. */
    age: z.number().int().nullable(),
    bloodGroup: z.string().nullable(),
    notes: z.string().nullable(),
  }),
  /** Newest first, this visit excluded; at most CONSULTING_HISTORY_MAX. */
  history: z.array(consultingPastVisitSchema),
});
export type ConsultingPatient = z.infer<typeof consultingPatientSchema>;

export const CONSULTING_HISTORY_MAX = 50;
