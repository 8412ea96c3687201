import { z } from 'zod';
import { lineText } from './text.js';

/**
 * Live updates (design.md §6): WebSocket /api/events. Events carry ids, never documents (a
 * PostgreSQL NOTIFY payload must stay under 8000 bytes); the client refetches what it shows.
 * Every event belongs to one organisation and is delivered only to its staff; an event with a
 * recipientStaffId (always for notification.created) only to that staff member.
 */
export const EVENTS_PATH = '/api/events';
/**
 * The patient app's socket: the same protocol with a patient token. It delivers chat.message,
 * appointment.updated and booking.updated events naming one of the account's patient records
 * (those carrying its phone, including records made after the socket opened), and token.updated
 * events of the organisations where the account's records have had such an event or existed when
 * the socket signed in. The app refetches (its visits, its queue position) on each.
 */
export const PATIENT_EVENTS_PATH = '/api/patient/events';

const id = z.uuid();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const recipient = { recipientStaffId: id.optional() };

export const appointmentUpdatedEventSchema = z.object({
  type: z.literal('appointment.updated'),
  appointmentId: id,
  doctorId: id.optional(),
  /** The visit's date (YYYY-MM-DD, organisation time zone), so slot pickers know which day changed. */
  date: day.optional(),
  status: z.string().max(40).optional(),
  /** The visit's patient record: the patient app's socket delivers it to accounts carrying that record's phone. */
  patientId: id.optional(),
  ...recipient,
});
export const bookingUpdatedEventSchema = z.object({
  type: z.literal('booking.updated'),
  bookingId: id,
  serviceId: id.optional(),
  date: day.optional(),
  status: z.string().max(40).optional(),
  patientId: id.optional(),
  ...recipient,
});
/**
 * A day's waitlist changed (a patient joined or left, a place was offered, taken, declined or
 * lapsed): the desk's panel of that day refetches; `patientId` is the entry's, for the patient
 * app's socket (an offer waiting for them).
 */
export const waitlistUpdatedEventSchema = z.object({
  type: z.literal('waitlist.updated'),
  kind: z.enum(['appointment', 'booking']),
  ownerId: id,
  date: day,
  patientId: id.optional(),
  ...recipient,
});
/** A token queue moved (next, skip, recall, complete, undo): one doctor's or one service's queue. */
export const tokenUpdatedEventSchema = z.object({
  type: z.literal('token.updated'),
  doctorId: id.optional(),
  serviceId: id.optional(),
  date: day.optional(),
  /** The token just called, for the waiting-room display's chime and voice. */
  calledToken: z.string().max(40).optional(),
  ...recipient,
});
export const notificationCreatedEventSchema = z.object({
  type: z.literal('notification.created'),
  notificationId: id,
  /** Required: a notification goes only to its recipient. */
  recipientStaffId: id,
});
export const chatMessageEventSchema = z.object({
  type: z.literal('chat.message'),
  messageId: id,
  conversationId: id.optional(),
  /** The conversation's patient record: the patient app's socket delivers it to accounts carrying that record's phone. */
  patientId: id.optional(),
  ...recipient,
});
export const walletUpdatedEventSchema = z.object({
  type: z.literal('wallet.updated'),
  balancePaise: z.number().int().optional(),
  ...recipient,
});
export const planUpdatedEventSchema = z.object({
  type: z.literal('plan.updated'),
  subscriptionId: id.optional(),
  ...recipient,
});
/**
 * A bill's money moved or its payment link ended: a payment or credit note recorded, a link
 * paid (or held), cancelled or expired. The desk's open bill and its waiting link refetch, so a
 * patient paying on their phone turns the dialog into the receipt (issue #19).
 */
export const billUpdatedEventSchema = z.object({
  type: z.literal('bill.updated'),
  billId: id,
  /** The payment link that changed, when one did. */
  linkId: id.optional(),
  ...recipient,
});
/**
 * Messages to patients changed status (sent, delivered, read, failed) or were owed: the log and
 * the patient's Messages tab refetch. At most one a second per organisation, so it names none.
 */
export const messageUpdatedEventSchema = z.object({
  type: z.literal('message.updated'),
  ...recipient,
});
/**
 * Server-internal, never sent to a socket: sessions of this staff member ended (sign-out,
 * deactivation, a password reset, ended from My account). Every process checks its open sockets
 * at once instead of at the next heartbeat.
 */
export const sessionEndedEventSchema = z.object({
  type: z.literal('session.ended'),
  staffId: id,
  ...recipient,
});

/**
 * Server-internal, never sent to a socket: what GET /api/me answers changed — a staff member's
 * name, e-mail, photo or role (staffId), or the organisation's name, e-mail, logo or time zone (no
 * staffId: everyone in it). Every process forgets the session users it remembers.
 */
export const accountChangedEventSchema = z.object({
  type: z.literal('account.changed'),
  staffId: id.optional(),
  ...recipient,
});

/**
 * Server-internal, never sent to a socket: an organisation's message settings changed (Settings →
 * Messages). Every process forgets the settings it remembers for booking's messages.
 */
export const messageSettingsChangedEventSchema = z.object({
  type: z.literal('message-settings.changed'),
  ...recipient,
});

export const appEventSchema = z.discriminatedUnion('type', [
  appointmentUpdatedEventSchema,
  bookingUpdatedEventSchema,
  waitlistUpdatedEventSchema,
  tokenUpdatedEventSchema,
  notificationCreatedEventSchema,
  chatMessageEventSchema,
  walletUpdatedEventSchema,
  planUpdatedEventSchema,
  billUpdatedEventSchema,
  messageUpdatedEventSchema,
  sessionEndedEventSchema,
  accountChangedEventSchema,
  messageSettingsChangedEventSchema,
]);
export type AppEvent = z.infer<typeof appEventSchema>;
export type AppEventType = AppEvent['type'];
export type AppEventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;
export const appEventTypes = [
  'appointment.updated',
  'booking.updated',
  'waitlist.updated',
  'token.updated',
  'notification.created',
  'chat.message',
  'wallet.updated',
  'plan.updated',
  'bill.updated',
  'message.updated',
  'session.ended',
  'account.changed',
  'message-settings.changed',
] as const satisfies readonly AppEventType[];

/** What the client sends: first {type:'auth'} within 5 s, then optionally {type:'ping'}. Anything else is ignored. */
export const eventsClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: lineText().min(1).max(4096) }),
  z.object({ type: z.literal('ping') }),
]);
export type EventsClientMessage = z.infer<typeof eventsClientMessageSchema>;

/** What the server sends: {type:'ready'} after auth, {type:'pong'} for a ping, then events. */
export const eventsServerMessageSchema = z.union([z.object({ type: z.literal('ready') }), z.object({ type: z.literal('pong') }), appEventSchema]);
export type EventsServerMessage = z.infer<typeof eventsServerMessageSchema>;

/** Close codes: 4401 = not signed in, token invalid or expired (reconnect with a fresh token). */
export const EVENTS_CLOSE_UNAUTHORIZED = 4401;
export const EVENTS_AUTH_TIMEOUT_MS = 5000;
export const EVENTS_HEARTBEAT_MS = 25_000;
