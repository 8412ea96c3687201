import { z } from 'zod';
import { queryBooleanSchema } from './lists.js';

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
  lastMessage: z
    .object({ text: z.string(), sender: chatSenderSchema, createdAt: z.iso.datetime(), hasAttachment: z.boolean() })
    .nullable(),
  lastActivityAt: z.iso.datetime(),
  /** Patient messages staff have not read yet. */
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/chats: newest activity first, cursor paging; search by patient name or phone. */
export const conversationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
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
  before: z.string().max(200).optional(),
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
export const chatSendSchema = z
  .object({
    text: z.string().trim().max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`).default(''),
    attachmentUploadId: z.uuid().optional(),
    clientId: z.uuid().optional(),
  })
  .refine((body) => body.text.length > 0 || body.attachmentUploadId, { message: 'Write a message or attach a file', path: ['text'] });
export type ChatSend = z.input<typeof chatSendSchema>;

/** POST /api/chats/{patientId}/read: the staff side has read everything up to now. */
export const chatReadResponseSchema = z.object({ unreadCount: z.number().int() });
