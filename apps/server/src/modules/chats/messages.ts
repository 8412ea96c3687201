import type { ChatMessage, ChatSender } from '@caredesk/shared';
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { chatMessages, conversations, patients, staff, uploads } from '../../db/schema/index.js';
import { BadRequestError } from '../../lib/errors.js';
import type { EventBus } from '../../lib/events/bus.js';

export interface ChatWriteOptions {
  events?: Pick<EventBus, 'publish'> | undefined;
  /**
   * Runs in the transaction of every new staff message (modules/messages owes the patient a
   * WhatsApp copy, sent if they have not read it in the app meanwhile).
   */
  onStaffMessage?: ((tx: Tx, message: { organisationId: string; patientId: string; chatMessageId: string; staffId: string | null }) => Promise<void>) | undefined;
}

/** How long a list preview of the last message is kept (the list shows one line). */
const PREVIEW_LENGTH = 200;
const CHAT_ATTACHMENT_TYPES = /^(image\/(png|jpeg|webp|gif)|application\/pdf)$/;

/** A cursor is "createdAt|id" of the row a page ends on: (timestamp, id) is unique, so pages never overlap or skip. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string, field: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const when = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(when.getTime())) {
    throw new BadRequestError(`${field}: not a cursor from this list`, [{ path: field, message: 'Not a cursor from this list' }]);
  }
  return { at: when, id };
}

/** Rows strictly before (at, id) in (at desc, id desc) order. */
export function before(
  atColumn: typeof chatMessages.createdAt | typeof conversations.lastMessageAt,
  idColumn: typeof chatMessages.id | typeof conversations.id,
  cursor: { at: Date; id: string },
): SQL {
  return or(lt(atColumn, cursor.at), and(eq(atColumn, cursor.at), lt(idColumn, cursor.id)))!;
}

function selectMessages(db: Db | Tx) {
  return db
    .select({
      id: chatMessages.id,
      conversationId: chatMessages.conversationId,
      sender: chatMessages.sender,
      staffId: chatMessages.staffId,
      staffName: staff.name,
      patientName: patients.name,
      text: chatMessages.text,
      uploadId: uploads.id,
      uploadName: uploads.name,
      uploadMimeType: uploads.mimeType,
      uploadSize: uploads.size,
      clientId: chatMessages.clientId,
      createdAt: chatMessages.createdAt,
      readAt: chatMessages.readAt,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .innerJoin(patients, eq(patients.id, conversations.patientId))
    .leftJoin(staff, eq(staff.id, chatMessages.staffId))
    .leftJoin(uploads, eq(uploads.id, chatMessages.attachmentUploadId));
}
type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    staffId: row.staffId,
    // A staff member removed since keeps their messages, signed by the desk.
    senderName: row.sender === 'PATIENT' ? row.patientName : (row.staffName ?? 'Staff'),
    text: row.text,
    attachment:
      row.uploadId && row.uploadName !== null && row.uploadMimeType !== null && row.uploadSize !== null
        ? { uploadId: row.uploadId, name: row.uploadName, mimeType: row.uploadMimeType, size: row.uploadSize }
        : null,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function getMessage(db: Db | Tx, id: string): Promise<ChatMessage> {
  const [row] = await selectMessages(db).where(eq(chatMessages.id, id));
  if (!row) throw new Error(`chat message ${id} vanished`);
  return toChatMessage(row);
}

/** A page of a thread going back in time: `limit` messages before the cursor, oldest first. */
export async function threadPage(
  db: Db,
  conversationId: string,
  query: { before?: string | undefined; limit: number },
): Promise<{ messages: ChatMessage[]; previousCursor: string | null }> {
  const conditions: SQL[] = [eq(chatMessages.conversationId, conversationId)];
  if (query.before) conditions.push(before(chatMessages.createdAt, chatMessages.id, decodeCursor(query.before, 'before')));
  const rows = await selectMessages(db)
    .where(and(...conditions))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const oldest = page.at(-1);
  return { messages: page.reverse().map(toChatMessage), previousCursor: rows.length > query.limit && oldest ? encodeCursor(oldest.createdAt, oldest.id) : null };
}

/**
 * The conversation of a patient record, created the first time, and locked for this transaction:
 * messages of one conversation are written one at a time, so their order is their commit order.
 */
export async function lockConversation(tx: Tx, organisationId: string, patientId: string): Promise<string> {
  await tx
    .insert(conversations)
    .values({ organisationId, patientId })
    .onConflictDoNothing({ target: [conversations.organisationId, conversations.patientId] });
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.organisationId, organisationId), eq(conversations.patientId, patientId)))
    .for('update');
  return row!.id;
}

/**
 * An attachment must be an image or PDF uploaded to the organisation as private (signed URLs
 * only); a patient's, one their own account uploaded (anyone else's id is "not found").
 */
async function checkAttachment(tx: Tx, organisationId: string, uploadId: string, patientAccountId: string | undefined): Promise<void> {
  const [upload] = await tx
    .select({ mimeType: uploads.mimeType, visibility: uploads.visibility })
    .from(uploads)
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.organisationId, organisationId),
        patientAccountId === undefined ? undefined : eq(uploads.uploadedByPatientAccountId, patientAccountId),
      ),
    );
  if (!upload) throw new BadRequestError('Upload not found', [{ path: 'attachmentUploadId', message: 'Upload not found' }]);
  if (!CHAT_ATTACHMENT_TYPES.test(upload.mimeType) || upload.visibility !== 'private') {
    throw new BadRequestError('Attach an image or a PDF uploaded as private', [{ path: 'attachmentUploadId', message: 'Attach an image or a PDF uploaded as private' }]);
  }
}

export interface NewMessage {
  organisationId: string;
  conversationId: string;
  /** The conversation's patient, named in the chat.message event for the patient app's socket. */
  patientId: string;
  sender: ChatSender;
  staffId: string | null;
  text: string;
  attachmentUploadId?: string | undefined;
  /** A patient's message: the patient app account writing it, whose own upload alone it may attach. */
  patientAccountId?: string | undefined;
  clientId?: string | undefined;
}

/**
 * Writes a message into a conversation locked by lockConversation. A clientId already used by
 * this sender in the conversation answers the message it created (created: false), unchanged.
 * The chat.message event fires when the transaction commits.
 */
export async function writeMessage(tx: Tx, message: NewMessage, options: ChatWriteOptions): Promise<{ message: ChatMessage; created: boolean }> {
  if (message.attachmentUploadId) {
    if (message.sender === 'PATIENT' && !message.patientAccountId) throw new Error('a patient attachment needs the account that uploaded it');
    await checkAttachment(tx, message.organisationId, message.attachmentUploadId, message.patientAccountId);
  }
  const [inserted] = await tx
    .insert(chatMessages)
    .values({
      organisationId: message.organisationId,
      conversationId: message.conversationId,
      sender: message.sender,
      staffId: message.staffId,
      text: message.text,
      attachmentUploadId: message.attachmentUploadId ?? null,
      clientId: message.clientId ?? null,
      // The clock, not the transaction's start: a send that waited for the lock is later than the one it waited for.
      createdAt: sql`clock_timestamp()`,
    })
    .onConflictDoNothing({ target: [chatMessages.conversationId, chatMessages.sender, chatMessages.clientId] })
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, message.conversationId), eq(chatMessages.sender, message.sender), eq(chatMessages.clientId, message.clientId!)));
    return { message: await getMessage(tx, existing!.id), created: false };
  }
  const unread =
    message.sender === 'PATIENT' ? { staffUnreadCount: sql`${conversations.staffUnreadCount} + 1` } : { patientUnreadCount: sql`${conversations.patientUnreadCount} + 1` };
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${inserted.createdAt.toISOString()}::timestamptz)`,
      lastMessagePreview: message.text.slice(0, PREVIEW_LENGTH),
      lastMessageSender: message.sender,
      lastMessageHasAttachment: message.attachmentUploadId !== undefined,
      ...unread,
    })
    .where(eq(conversations.id, message.conversationId));
  await options.events?.publish(message.organisationId, { type: 'chat.message', messageId: inserted.id, conversationId: message.conversationId, patientId: message.patientId }, tx);
  if (message.sender === 'STAFF')
    await options.onStaffMessage?.(tx, { organisationId: message.organisationId, patientId: message.patientId, chatMessageId: inserted.id, staffId: message.staffId });
  return { message: await getMessage(tx, inserted.id), created: true };
}

/**
 * One side has read the other's messages: their readAt is set and that side's unread count is 0.
 * Answers the newest message just marked read, if any.
 */
export async function markConversationRead(tx: Tx, conversationId: string, reader: ChatSender): Promise<string | undefined> {
  const other: ChatSender = reader === 'STAFF' ? 'PATIENT' : 'STAFF';
  // Locked first, as a send locks it: a message arriving meanwhile is either read here or counted after.
  await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for('update');
  const read = await tx
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.sender, other), isNull(chatMessages.readAt)))
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  await tx
    .update(conversations)
    .set(reader === 'STAFF' ? { staffUnreadCount: 0, staffLastReadAt: sql`now()` } : { patientUnreadCount: 0, patientLastReadAt: sql`now()` })
    .where(eq(conversations.id, conversationId));
  return read.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))[0]?.id;
}
