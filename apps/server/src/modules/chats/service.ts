import type { ChatMessage, ChatThread, Conversation, chatSendSchema, chatThreadQuerySchema, conversationListQuerySchema } from '@caredesk/shared';
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { chatMessages, conversations, notifications, patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';
import { digitsMatch, nameKeyMatches, phoneSearchDigits } from '../../lib/list-query.js';
import { consume, type RateLimitStore } from '../../lib/rate-limit.js';
import { before, decodeCursor, encodeCursor, getMessage, lockConversation, markConversationRead, threadPage, writeMessage, type ChatWriteOptions } from './messages.js';

export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;
export type ChatThreadQuery = z.output<typeof chatThreadQuerySchema>;
export type ChatSendInput = z.output<typeof chatSendSchema>;

/** Messages one sender may send a minute: a person typing never gets near it, a runaway script does. */
export const CHAT_SEND_LIMIT = { max: 30, windowMs: 60_000 };

export function chatSendLimitKey(sender: 'staff' | 'patient', id: string): string {
  return `chat-send:${sender}:${id}`;
}

export interface ChatSendDeps extends ChatWriteOptions {
  rateLimitStore: RateLimitStore;
  /** CHAT_SEND_RATE_LIMIT messages a minute (default CHAT_SEND_LIMIT). */
  sendLimit?: { max: number; windowMs: number };
}

const conversationColumns = {
  id: conversations.id,
  patientId: conversations.patientId,
  patientName: patients.name,
  patientPhone: patients.phone,
  lastMessageAt: conversations.lastMessageAt,
  lastMessagePreview: conversations.lastMessagePreview,
  lastMessageSender: conversations.lastMessageSender,
  lastMessageHasAttachment: conversations.lastMessageHasAttachment,
  staffUnreadCount: conversations.staffUnreadCount,
};

export function lastMessageOf(row: {
  lastMessageAt: Date;
  lastMessagePreview: string | null;
  lastMessageSender: 'STAFF' | 'PATIENT' | null;
  lastMessageHasAttachment: boolean;
}): Conversation['lastMessage'] {
  return row.lastMessageSender && row.lastMessagePreview !== null
    ? { text: row.lastMessagePreview, sender: row.lastMessageSender, createdAt: row.lastMessageAt.toISOString(), hasAttachment: row.lastMessageHasAttachment }
    : null;
}

function selectConversations(db: Db) {
  return db.select(conversationColumns).from(conversations).innerJoin(patients, eq(patients.id, conversations.patientId));
}
type ConversationRow = Awaited<ReturnType<ReturnType<typeof selectConversations>['execute']>>[number];

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    patientPhone: row.patientPhone,
    lastMessage: lastMessageOf(row),
    lastActivityAt: row.lastMessageAt.toISOString(),
    unreadCount: row.staffUnreadCount,
  };
}

/** GET /api/chats: newest activity first; search by the start of a name word or phone digits. */
export async function listConversations(db: Db, caller: StaffContext, query: ConversationListQuery) {
  const mine = eq(conversations.organisationId, caller.organisationId);
  const conditions: (SQL | undefined)[] = [mine];
  if (query.search) {
    const digits = phoneSearchDigits(query.search);
    conditions.push(digits ? digitsMatch(patients.phoneDigits, digits) : nameKeyMatches(patients.nameKey, query.search));
  }
  if (query.unread) conditions.push(gt(conversations.staffUnreadCount, 0));
  if (query.cursor) conditions.push(before(conversations.lastMessageAt, conversations.id, decodeCursor(query.cursor, 'cursor')));
  const [rows, [unread]] = await Promise.all([
    selectConversations(db)
      .where(and(...conditions))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(conversations)
      .where(and(mine, gt(conversations.staffUnreadCount, 0))),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toConversation),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.lastMessageAt, last.id) : null,
    unreadConversations: unread?.n ?? 0,
  };
}

/** A patient of the caller's organisation; another organisation's or an unknown id is 404. */
async function patientOfOrganisation(db: Db, caller: StaffContext, patientId: string) {
  const [patient] = await db
    .select({ id: patients.id, name: patients.name, phone: patients.phone })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.organisationId, caller.organisationId)));
  if (!patient) throw new NotFoundError('Patient not found');
  return patient;
}

async function conversationOf(db: Db, caller: StaffContext, patientId: string): Promise<Conversation | null> {
  const [row] = await selectConversations(db).where(and(eq(conversations.organisationId, caller.organisationId), eq(conversations.patientId, patientId)));
  return row ? toConversation(row) : null;
}

/** GET /api/chats/{patientId}: the thread backwards from `before`; an empty one before the first message. */
export async function getThread(db: Db, caller: StaffContext, patientId: string, query: ChatThreadQuery): Promise<ChatThread> {
  const patient = await patientOfOrganisation(db, caller, patientId);
  const conversation = await conversationOf(db, caller, patientId);
  if (!conversation) return { conversation: null, patient, messages: [], previousCursor: null };
  return { conversation, patient, ...(await threadPage(db, conversation.id, query)) };
}

/** The message a sender already sent with this clientId, if any (a retry). */
export async function sentBefore(db: Db, where: SQL, sender: 'STAFF' | 'PATIENT', clientId: string | undefined): Promise<ChatMessage | undefined> {
  if (!clientId) return undefined;
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(where, eq(chatMessages.sender, sender), eq(chatMessages.clientId, clientId)));
  return row ? getMessage(db, row.id) : undefined;
}

/**
 * POST /api/chats/{patientId}/messages: starts the conversation on the first message. A retry
 * with the same clientId answers the first message (created: false) without counting against the
 * rate limit.
 */
export async function sendStaffMessage(
  db: Db,
  caller: StaffContext,
  patientId: string,
  input: ChatSendInput,
  deps: ChatSendDeps,
): Promise<{ message: ChatMessage; created: boolean }> {
  const scope = and(eq(conversations.organisationId, caller.organisationId), eq(conversations.patientId, patientId))!;
  const retried = await sentBefore(db, scope, 'STAFF', input.clientId);
  if (retried) return { message: retried, created: false };
  await patientOfOrganisation(db, caller, patientId);
  await consume(deps.rateLimitStore, [{ key: chatSendLimitKey('staff', caller.id), ...(deps.sendLimit ?? CHAT_SEND_LIMIT) }]);
  return db.transaction(async (tx) => {
    const conversationId = await lockConversation(tx, caller.organisationId, patientId);
    return writeMessage(
      tx,
      {
        organisationId: caller.organisationId,
        conversationId,
        patientId,
        sender: 'STAFF',
        staffId: caller.id,
        text: input.text,
        attachmentUploadId: input.attachmentUploadId,
        clientId: input.clientId,
      },
      deps,
    );
  });
}

/**
 * POST /api/chats/{patientId}/read: staff have read the patient's messages. The patient app
 * learns it live (chat.message naming the newest message read, no content) to show them as read.
 */
export async function markReadByStaff(db: Db, caller: StaffContext, patientId: string, options: ChatWriteOptions = {}): Promise<{ unreadCount: number }> {
  await patientOfOrganisation(db, caller, patientId);
  await db.transaction(async (tx) => {
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.organisationId, caller.organisationId), eq(conversations.patientId, patientId)));
    if (!conversation) return;
    const newestRead = await markConversationRead(tx, conversation.id, 'STAFF');
    if (newestRead) await options.events?.publish(caller.organisationId, { type: 'chat.message', messageId: newestRead, conversationId: conversation.id, patientId }, tx);
    // The reader's bell: this conversation's message-received notifications are read too.
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.recipientStaffId, caller.id),
          eq(notifications.organisationId, caller.organisationId),
          eq(notifications.type, 'message-received'),
          eq(notifications.isRead, false),
          sql`${notifications.details}->>'conversationId' = ${conversation.id}`,
        ),
      );
  });
  return { unreadCount: 0 };
}
