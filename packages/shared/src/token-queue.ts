import { z } from 'zod';
import { queryBooleanSchema } from './lists.js';
import { messageLanguageSchema } from './messages.js';
import { multilineText } from './text.js';

/**
 * Today's token queue of one doctor (/appointments/token) or one scan/test service
 * (/bookings/token). Waiting = checked in and not yet called, in QUEUE_ORDER_RULE's order;
 * now serving = the one called in and not yet finished.
 */
/**
 * Who is called next (token-queue/queries.ts waitingOrder): a recalled token first; then the earliest
 * of each patient's slot, or their check-in when they came after it (a late arrival queues from
 * arrival, so never jumps a patient who was on time; a walk-in, fitted into the next free slot,
 * queues from that slot); ties go to the earlier check-in, then the lower token.
 *
 * 'Add walk-in' (POST /api/tokens/:kind/:id/walk-ins) checks the patient in at once and fits them
 * into the first slot of today that has not ended and has room: the slot in progress when it has
 * a place (so they queue from arrival), else the next one with room (they queue from that slot).
 * When the rest of the day is full, the walk-in is an extra in the day's allowance (extraPerDay),
 * in the slot in progress, so queued from arrival; with no allowance left it is refused (409).
 */
export const QUEUE_ORDER_RULE = 'Earliest slot first (a late arrival counts from check-in); ties go to the earlier check-in.';

export const tokenQueueKinds = ['doctors', 'services'] as const;
export const tokenQueueKindSchema = z.enum(tokenQueueKinds);
export type TokenQueueKind = z.infer<typeof tokenQueueKindSchema>;

/**
 * call-next finishes whoever is being served and calls the next waiting token; skip passes over
 * the next waiting token (not in the room yet); recall brings a skipped token back to the front,
 * or, without a visit, announces the token being served again; complete finishes the one being
 * served; undo reverts the last of these on this queue today.
 */
export const tokenQueueActions = ['call-next', 'skip', 'recall', 'complete', 'undo'] as const;
export const tokenQueueActionSchema = z.enum(tokenQueueActions);
export type TokenQueueAction = z.infer<typeof tokenQueueActionSchema>;
export const tokenQueueActionBodySchema = z.object({ visitId: z.uuid().optional() });

export const tokenQueueActionLabels: Record<TokenQueueAction, string> = {
  'call-next': 'Call next',
  skip: 'Skip',
  recall: 'Recall',
  complete: 'Complete',
  undo: 'Undo',
};

export const tokenEntrySchema = z.object({
  visitId: z.uuid(),
  tokenNumber: z.number().int(),
  tokenLabel: z.string(),
  patientName: z.string(),
  startTime: z.string(),
  status: z.string(),
  checkedInAt: z.iso.datetime().nullable(),
  calledAt: z.iso.datetime().nullable(),
  /** An extra beyond the slots' capacity ('Extra' chip). */
  overbooked: z.boolean(),
  /** Added at the desk with 'Add walk-in' (source WALK_IN). */
  walkIn: z.boolean(),
});
export type TokenEntry = z.infer<typeof tokenEntrySchema>;

export const tokenQueueSchema = z.object({
  kind: tokenQueueKindSchema,
  /** The doctor's or the service's id. */
  id: z.uuid(),
  name: z.string(),
  /** What is queued for: a doctor, or a scan or test (its wording: 'with the doctor', 'being scanned'). */
  resource: z.enum(['DOCTOR', 'SCAN', 'TEST']),
  /** Specialization of a doctor, category of a service. */
  subtitle: z.string().nullable(),
  /** Where the called patient goes (the doctor's or the scan's room), if set. */
  room: z.string().nullable(),
  tokenPrefix: z.string().nullable(),
  /** The doctor's (service's) facility, if it has one. */
  facilityId: z.uuid().nullable(),
  date: z.string(),
  nowServing: tokenEntrySchema.nullable(),
  next: tokenEntrySchema.nullable(),
  waiting: z.array(tokenEntrySchema),
  skipped: z.array(tokenEntrySchema),
  /** Booked for today and not checked in yet. */
  notArrived: z.array(tokenEntrySchema),
  waitingCount: z.number().int(),
  doneCount: z.number().int(),
  /** Mean minutes from check-in to being called, over today's called visits; null before the first. */
  averageWaitMinutes: z.number().nullable(),
  /** The action 'undo' would revert, if any. */
  lastAction: z.object({ action: z.string(), at: z.iso.datetime(), tokenLabel: z.string().nullable() }).nullable(),
});
export type TokenQueue = z.infer<typeof tokenQueueSchema>;

/**
 * GET /api/tokens/:kind filters (a desk or a display per room or floor): a facility, one doctor
 * (doctors' queues) or one scan/test (services' queues), and only those with patients today.
 */
export const tokenQueuesQuerySchema = z.object({
  facilityId: z.uuid().optional(),
  doctorId: z.uuid().optional(),
  serviceId: z.uuid().optional(),
  withPatients: queryBooleanSchema.optional(),
});
export type TokenQueuesQuery = z.input<typeof tokenQueuesQuerySchema>;

export const tokenQueueOwnerSchema = z.object({ id: z.uuid(), name: z.string(), facilityId: z.uuid().nullable() });
export type TokenQueueOwner = z.infer<typeof tokenQueueOwnerSchema>;

export const tokenQueuesResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  queues: z.array(tokenQueueSchema),
  /** Every doctor (scan, test) with a queue today in the chosen facility: the doctor filter's choices. */
  owners: z.array(tokenQueueOwnerSchema),
  /**
   * The organisation's own language (Settings → Messages, its default): the waiting-room display
   * shows each call in English and this language, English alone when it is English.
   */
  language: messageLanguageSchema.default('en'),
});
export type TokenQueuesResponse = z.infer<typeof tokenQueuesResponseSchema>;

/** POST /api/tokens/:kind/:id/walk-ins: a patient at the desk joins today's queue (QUEUE_ORDER_RULE's note on walk-ins). */
export const walkInCreateSchema = z.object({
  patientId: z.uuid(),
  reason: multilineText().trim().max(500).nullable().optional(),
});
export type WalkInCreate = z.input<typeof walkInCreateSchema>;

/** The walk-in's visit as the desk tells the patient (token, slot, extra or not), and the queue it joined. */
export const walkInSchema = z.object({
  visitId: z.uuid(),
  tokenNumber: z.number().int(),
  tokenLabel: z.string(),
  startTime: z.string(),
  overbooked: z.boolean(),
  queue: tokenQueueSchema,
});
export type WalkIn = z.infer<typeof walkInSchema>;
