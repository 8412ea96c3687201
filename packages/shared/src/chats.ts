import { z } from 'zod';
import { queryBooleanSchema } from './lists.js';
import { lineText, multilineText } from './text.js';

/**
 * Chats (design.md §5): one conversation per patient record and organisation; messages from
 * STAFF or the PATIENT (through the patient app), text and an optional attachment (a private
 * upload, served by short-lived signed URL), with read state per side.
 */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_SIZE = 30;
export const chatSenders = ['STAFF', 'PATIENT'] as const;
export const chatSenderSchema = z.enum(chatSenders);
export type ChatSender = z.infer<typeof chatSenderSchema>;

export const chatAttachmentSchema = z.object({
  uploadId: z.uuid(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  sender: chatSenderSchema,
  /** The staff member who wrote it (STAFF messages). */
  staffId: z.uuid().nullable(),
  senderName: z.string(),
  text: z.string(),
  attachment: chatAttachmentSchema.nullable(),
  /** The sender's own id for the message, so a retried or echoed send is never shown twice. */
  clientId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  /** When the other side read it (staff read a patient's message; the patient read staff's). */
  readAt: z.iso.datetime().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  /** The route's {userId}: /chats/{patientId}. */
  patientId: z.uuid(),
  patientName: z.string(),
  patientPhone: z.string(),
  lastMessage: z.object({ text: z.string(), sender: chatSenderSchema, createdAt: z.iso.datetime(), hasAttachment: z.boolean() }).nullable(),
  lastActivityAt: z.iso.datetime(),
  /** Patient messages staff have not read yet. */
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/chats: newest activity first, cursor paging; search by patient name or phone. */
export const conversationListQuerySchema = z.object({
  cursor: lineText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  search: lineText().trim().max(100).optional(),
  unread: queryBooleanSchema.optional(),
});
export const conversationListSchema = z.object({
  data: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
  /** Conversations with unread patient messages (all of them, not only this page). */
  unreadConversations: z.number().int(),
});

/** GET /api/chats/{patientId}?before=: the thread backwards, oldest of the page first. */
export const chatThreadQuerySchema = z.object({
  before: lineText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const chatThreadSchema = z.object({
  /** Null until the first message: a patient with no chat yet still opens an empty thread. */
  conversation: conversationSchema.nullable(),
  patient: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }),
  messages: z.array(chatMessageSchema),
  /** Older messages exist: pass this as `before`. */
  previousCursor: z.string().nullable(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

/** POST /api/chats/{patientId}/messages (and the patient app's send). */
const chatSendFields = {
  text: multilineText().trim().max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`).default(''),
  attachmentUploadId: z.uuid().optional(),
  clientId: z.uuid().optional(),
};
const hasContent = (body: { text: string; attachmentUploadId?: string | undefined }) => body.text.length > 0 || body.attachmentUploadId !== undefined;
const noContent = { message: 'Write a message or attach a file', path: ['text'] };
export const chatSendSchema = z.object(chatSendFields).refine(hasContent, noContent);
export type ChatSend = z.input<typeof chatSendSchema>;

/** Patients one broadcast writes to at most (the visits selected on one list page). */
export const CHAT_BROADCAST_LIMIT = 100;

/**
 * POST /api/chats/broadcast: one text from the desk into each patient's chat (a list's bulk
 * 'Message'), one message per patient even when a patient is named twice. With a clientId, a
 * retried broadcast answers the messages it already wrote instead of writing them again.
 */
export const chatBroadcastSchema = z.object({
  patientIds: z.array(z.uuid()).min(1, 'Choose at least one patient').max(CHAT_BROADCAST_LIMIT, `At most ${CHAT_BROADCAST_LIMIT} at a time`),
  text: multilineText().trim().min(1, 'Write the message').max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
  clientId: z.uuid().optional(),
});
export type ChatBroadcast = z.input<typeof chatBroadcastSchema>;

/** One patient of a broadcast: the message in their chat, or 'not-found' (unknown, or another organisation's). */
export const chatBroadcastOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ patientId: z.uuid(), outcome: z.literal('sent'), messageId: z.uuid() }),
  z.object({ patientId: z.uuid(), outcome: z.literal('refused'), reason: z.literal('not-found'), message: z.string() }),
]);
export type ChatBroadcastOutcome = z.infer<typeof chatBroadcastOutcomeSchema>;
export const chatBroadcastResultSchema = z.object({
  results: z.array(chatBroadcastOutcomeSchema),
  sent: z.number().int(),
  refused: z.number().int(),
});
export type ChatBroadcastResult = z.infer<typeof chatBroadcastResultSchema>;

/** POST /api/chats/{patientId}/read: the staff side has read everything up to now. */
export const chatReadResponseSchema = z.object({ unreadCount: z.number().int() });

/**
 * The patient app's side (/api/patient/chats): the account's conversations in every organisation
 * whose patient records carry its phone. A patient attaches a file they uploaded themselves
 * (POST /api/patient/uploads, private, owned by the account).
 */
export const patientConversationSchema = conversationSchema.omit({ patientPhone: true }).extend({
  organisation: z.object({ id: z.uuid(), name: z.string(), logoUrl: z.string().nullable() }),
  /** Staff messages the patient has not read yet. */
  unreadCount: z.number().int(),
});
export type PatientConversation = z.infer<typeof patientConversationSchema>;

export const patientConversationListQuerySchema = z.object({
  cursor: lineText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const patientConversationListSchema = z.object({ data: z.array(patientConversationSchema), nextCursor: z.string().nullable() });

/**
 * The patient app cannot ask for signed links (GET /api/uploads/{id}/signed-url is the staff's),
 * so each attachment it is shown carries one: valid SIGNED_URL_TTL_SECONDS, refetch the thread
 * for a fresh one.
 */
export const patientChatAttachmentSchema = chatAttachmentSchema.extend({ url: z.string() });
export type PatientChatAttachment = z.infer<typeof patientChatAttachmentSchema>;
export const patientChatMessageSchema = chatMessageSchema.extend({ attachment: patientChatAttachmentSchema.nullable() });
export type PatientChatMessage = z.infer<typeof patientChatMessageSchema>;

export const patientChatThreadSchema = z.object({
  conversation: patientConversationSchema,
  messages: z.array(patientChatMessageSchema),
  previousCursor: z.string().nullable(),
});
export type PatientChatThread = z.infer<typeof patientChatThreadSchema>;

const patientSendFields = { text: chatSendFields.text, attachmentUploadId: chatSendFields.attachmentUploadId, clientId: chatSendFields.clientId };
/** POST /api/patient/chats/{conversationId}/messages. */
export const patientChatSendSchema = z.object(patientSendFields).refine(hasContent, noContent);
export type PatientChatSend = z.input<typeof patientChatSendSchema>;
/**
 * POST /api/patient/chats: start (or continue) the conversation of the account's patient record in
 * an organisation; patientId picks one of a family sharing the phone (else the oldest record).
 */
export const patientChatStartSchema = z.object({ organisationId: z.uuid(), patientId: z.uuid().optional(), ...patientSendFields }).refine(hasContent, noContent);
export type PatientChatStart = z.input<typeof patientChatStartSchema>;
export const patientChatSentSchema = z.object({ conversationId: z.uuid(), message: patientChatMessageSchema });
export type PatientChatSent = z.infer<typeof patientChatSentSchema>;
