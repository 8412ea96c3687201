import { z } from 'zod';
import { isoDateSchema } from './schedule.js';

/*
 * Waitlists (issue 21). When the day a patient wants with a doctor (or a scan or test) is full,
 * they join that day's waitlist. A place that frees (a cancellation, a visit moved away) is
 * offered to the first patient waiting, held for them for a while (a message tells them), then to
 * the next. Nobody else can book the held place meanwhile.
 */

/**
 * How long a freed place is held for the patient it is offered to, unless the organisation sets
 * its own (Settings → Online booking, waitlistHoldMinutes: WAITLIST_HOLD_MIN..WAITLIST_MINUTES_MAX).
 */
export const WAITLIST_HOLD_MINUTES = 30;
/** A place is offered only while at least this long remains before it starts (time to come in); the organisation may set its own. */
export const WAITLIST_MIN_LEAD_MINUTES = 15;
export const WAITLIST_HOLD_MIN = 5;
export const WAITLIST_MINUTES_MAX = 240;

/**
 * WAITING in line; OFFERED a place, held until `offer.expiresAt`; BOOKED (the offer taken: the
 * visit exists); DECLINED (the patient said no to the offer); LAPSED (the hold ran out unanswered,
 * or the day passed: `wasOffered` tells which); LEFT (taken off the list by the desk or the patient).
 */
export const waitlistStatuses = ['WAITING', 'OFFERED', 'BOOKED', 'DECLINED', 'LAPSED', 'LEFT'] as const;
export const waitlistStatusSchema = z.enum(waitlistStatuses);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;
export const waitlistStatusLabels: Record<WaitlistStatus, string> = {
  WAITING: 'Waiting',
  OFFERED: 'Place offered',
  BOOKED: 'Booked',
  DECLINED: 'Declined',
  // An entry never offered a place lapses too when its day ends: the apps word that apart (wasOffered).
  LAPSED: 'Offer lapsed',
  LEFT: 'Removed',
};
/** The statuses of an entry still on the list: it holds its place in line (and an offer its slot). */
export const openWaitlistStatuses = ['WAITING', 'OFFERED'] as const satisfies readonly WaitlistStatus[];

export const waitlistKinds = ['appointment', 'booking'] as const;
export const waitlistKindSchema = z.enum(waitlistKinds);
export type WaitlistKind = z.infer<typeof waitlistKindSchema>;

/** POST /api/waitlist: the desk puts a patient on a full day's waitlist. */
export const waitlistJoinSchema = z.object({
  kind: waitlistKindSchema,
  /** The doctor (appointments) or the scan or test (bookings). */
  ownerId: z.uuid(),
  date: isoDateSchema,
  patientId: z.uuid(),
});
export type WaitlistJoin = z.input<typeof waitlistJoinSchema>;

/** GET /api/waitlist: one owner's day. */
export const waitlistQuerySchema = z.object({ kind: waitlistKindSchema, ownerId: z.uuid(), date: isoDateSchema });
export type WaitlistQuery = z.input<typeof waitlistQuerySchema>;

/** The place held for an OFFERED entry. */
export const waitlistOfferSchema = z.object({
  /** The slot's start, HH:mm, on the entry's date. */
  startTime: z.string(),
  offeredAt: z.iso.datetime(),
  /** Until when the place is held; after it the place goes to the next patient waiting. */
  expiresAt: z.iso.datetime(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

const waitlistEntryFields = {
  id: z.uuid(),
  kind: waitlistKindSchema,
  ownerId: z.uuid(),
  ownerName: z.string(),
  date: z.string(),
  status: waitlistStatusSchema,
  /** 1 for the first in line; null once the entry has left the line (BOOKED, DECLINED, LAPSED, LEFT). */
  position: z.number().int().positive().nullable(),
  /** The place held now: only while OFFERED. */
  offer: waitlistOfferSchema.nullable(),
  /**
   * Whether a place was ever offered to the entry, still answered once it leaves the line. A
   * LAPSED entry offered one let its hold run out; one never offered waited until its day ended
   * without a place opening, and must never be told that an offer ran out.
   */
  wasOffered: z.boolean(),
  /** The visit an accepted offer booked. */
  visitId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
};

/** An entry as the desk sees it. */
export const waitlistEntrySchema = z.object({
  ...waitlistEntryFields,
  patient: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistEntriesSchema = z.object({ data: z.array(waitlistEntrySchema) });
export type WaitlistEntries = z.infer<typeof waitlistEntriesSchema>;

/** An entry as the patient sees it in the app: their own, with where and whom. */
export const patientWaitlistEntrySchema = z.object({
  ...waitlistEntryFields,
  patientName: z.string(),
  organisation: z.object({ name: z.string(), slug: z.string().nullable() }),
});
export type PatientWaitlistEntry = z.infer<typeof patientWaitlistEntrySchema>;
export const patientWaitlistSchema = z.object({ data: z.array(patientWaitlistEntrySchema) });
export type PatientWaitlist = z.infer<typeof patientWaitlistSchema>;
