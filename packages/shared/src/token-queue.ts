import { z } from 'zod';

/**
 * Today's token queue of one doctor (/appointments/token) or one scan/test service
 * (/bookings/token). Waiting = checked in and not yet called, in token order (a recalled token
 * goes first); now serving = the one called in and not yet finished.
 */
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
});
export type TokenEntry = z.infer<typeof tokenEntrySchema>;

export const tokenQueueSchema = z.object({
  kind: tokenQueueKindSchema,
  /** The doctor's or the service's id. */
  id: z.uuid(),
  name: z.string(),
  /** Specialization of a doctor, category of a service. */
  subtitle: z.string().nullable(),
  tokenPrefix: z.string().nullable(),
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

export const tokenQueuesResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  queues: z.array(tokenQueueSchema),
});
export type TokenQueuesResponse = z.infer<typeof tokenQueuesResponseSchema>;
