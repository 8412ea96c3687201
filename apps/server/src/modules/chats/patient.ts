import type { ChatMessage, PatientChatMessage, PatientConversation, patientChatSendSchema, patientChatStartSchema, patientConversationListQuerySchema } from '@caredesk/shared';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conversations, organisations, patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n/index.js';
import { consume } from '../../lib/rate-limit.js';
import { privateFileLinker } from '../uploads/index.js';
import { notifyStaffOfArea } from '../visits/index.js';
import { ownPatients, type PatientCaller } from '../../lib/patient-auth.js';
import { before, decodeCursor, encodeCursor, lockConversation, markConversationRead, threadPage, writeMessage, type ChatWriteOptions } from './messages.js';
import { CHAT_SEND_LIMIT, chatSendLimitKey, lastMessageOf, sentBefore, type ChatSendDeps, type ChatThreadQuery } from './service.js';

export type PatientConversationListQuery = z.output<typeof patientConversationListQuerySchema>;
export type PatientChatSendInput = z.output<typeof patientChatSendSchema>;
export type PatientChatStartInput = z.output<typeof patientChatStartSchema>;

/** A retried clientId answers the first message with created false (200 instead of 201). */
interface Sent {
  message: ChatMessage;
  created: boolean;
  /** The organisation's patient record written as: what the audit trail names. */
  patient: { id: string; organisationId: string };
}

/** What the patient app is shown of a message: each attachment with a short-lived signed link. */
async function withLinks(db: Db, messages: ChatMessage[]): Promise<PatientChatMessage[]> {
  if (!messages.some((message) => message.attachment)) return messages.map((message) => ({ ...message, attachment: null }));
  const link = await privateFileLinker(db);
  return messages.map((message) => ({ ...message, attachment: message.attachment ? { ...message.attachment, url: link(message.attachment.uploadId) } : null }));
}

async function sentWithLink<T extends Sent>(db: Db, sent: T): Promise<Omit<T, 'message'> & { message: PatientChatMessage }> {
  const [message] = await withLinks(db, [sent.message]);
  return { ...sent, message: message! };
}

/** How much of a patient's message the staff notification quotes. */
const NOTIFICATION_QUOTE_LENGTH = 120;

function selectOwnConversations(db: Db) {
  return db
    .select({
      id: conversations.id,
      organisationId: conversations.organisationId,
      patientId: conversations.patientId,
      patientName: patients.name,
      organisationName: organisations.name,
      organisationLogoUrl: organisations.logoUrl,
      lastMessageAt: conversations.lastMessageAt,
      lastMessagePreview: conversations.lastMessagePreview,
      lastMessageSender: conversations.lastMessageSender,
      lastMessageHasAttachment: conversations.lastMessageHasAttachment,
      patientUnreadCount: conversations.patientUnreadCount,
    })
    .from(conversations)
    .innerJoin(patients, eq(patients.id, conversations.patientId))
    .innerJoin(organisations, eq(organisations.id, conversations.organisationId));
}
type OwnConversationRow = Awaited<ReturnType<ReturnType<typeof selectOwnConversations>['execute']>>[number];

function toPatientConversation(row: OwnConversationRow): PatientConversation {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    organisation: { id: row.organisationId, name: row.organisationName, logoUrl: row.organisationLogoUrl },
    lastMessage: lastMessageOf(row),
    lastActivityAt: row.lastMessageAt.toISOString(),
    unreadCount: row.patientUnreadCount,
  };
}

/** GET /api/patient/chats: the conversations of every patient record carrying the account's phone. */
export async function listOwnConversations(db: Db, caller: PatientCaller, query: PatientConversationListQuery) {
  const conditions: SQL[] = [ownPatients(caller)];
  if (query.cursor) conditions.push(before(conversations.lastMessageAt, conversations.id, decodeCursor(query.cursor, 'cursor')));
  const rows = await selectOwnConversations(db)
    .where(and(...conditions))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { data: page.map(toPatientConversation), nextCursor: rows.length > query.limit && last ? encodeCursor(last.lastMessageAt, last.id) : null };
}

/** One of the account's conversations; anyone else's (another phone's patient) is 404. */
async function ownConversation(db: Db, caller: PatientCaller, conversationId: string): Promise<OwnConversationRow> {
  const [row] = await selectOwnConversations(db).where(and(eq(conversations.id, conversationId), ownPatients(caller)));
  if (!row) throw new NotFoundError('Conversation not found');
  return row;
}

export async function getOwnThread(db: Db, caller: PatientCaller, conversationId: string, query: ChatThreadQuery) {
  const row = await ownConversation(db, caller, conversationId);
  const { messages, previousCursor } = await threadPage(db, row.id, query);
  return { conversation: toPatientConversation(row), messages: await withLinks(db, messages), previousCursor };
}

/**
 * A patient's message: written with one message-received notification (and push) per staff
 * member who can see Chats, all in the transaction, and a chat.message event on commit.
 */
async function sendPatientMessage(db: Db, caller: PatientCaller, patient: { id: string; organisationId: string }, input: PatientChatSendInput, deps: ChatSendDeps): Promise<Sent> {
  const retried = await sentBefore(db, eq(conversations.patientId, patient.id), 'PATIENT', input.clientId);
  if (retried) return { message: retried, created: false, patient };
  await consume(deps.rateLimitStore, [{ key: chatSendLimitKey('patient', caller.accountId), ...(deps.sendLimit ?? CHAT_SEND_LIMIT) }]);
  return writePatientMessage(db, patient, { text: input.text, attachmentUploadId: input.attachmentUploadId, patientAccountId: caller.accountId, clientId: input.clientId }, deps);
}

/**
 * A patient's message that came by WhatsApp (modules/messages): written as one from the app is,
 * with its notifications. `clientId` derived from the provider's message id makes a webhook
 * delivered twice write one message.
 */
export async function receivePatientMessage(
  db: Db,
  patient: { id: string; organisationId: string },
  input: { text: string; clientId: string },
  deps: ChatWriteOptions,
): Promise<Sent> {
  return writePatientMessage(db, patient, input, deps);
}

async function writePatientMessage(
  db: Db,
  patient: { id: string; organisationId: string },
  input: { text: string; clientId?: string | undefined; attachmentUploadId?: string | undefined; patientAccountId?: string | undefined },
  deps: ChatWriteOptions,
): Promise<Sent> {
  return db.transaction(async (tx) => {
    const conversationId = await lockConversation(tx, patient.organisationId, patient.id);
    const { message, created } = await writeMessage(
      tx,
      {
        organisationId: patient.organisationId,
        conversationId,
        patientId: patient.id,
        sender: 'PATIENT',
        staffId: null,
        text: input.text,
        attachmentUploadId: input.attachmentUploadId,
        patientAccountId: input.patientAccountId,
        clientId: input.clientId,
      },
      deps,
    );
    if (created) {
      const [organisation] = await tx.select({ id: organisations.id, type: organisations.type }).from(organisations).where(eq(organisations.id, patient.organisationId));
      await notifyStaffOfArea(tx, deps.events, organisation!, 'chats', {
        type: 'message-received',
        word: (language) => {
          const quote = message.text.slice(0, NOTIFICATION_QUOTE_LENGTH);
          const sender = message.senderName;
          const file = message.attachment?.name;
          return {
            title: translate(language, 'notifications.newMessage'),
            message: quote
              ? translate(language, 'notifications.messageText', { sender, text: quote })
              : file === undefined
                ? translate(language, 'notifications.messageAnyFile', { sender })
                : translate(language, 'notifications.messageFile', { sender, file }),
          };
        },
        details: { patientId: patient.id, conversationId },
      });
    }
    return { message, created, patient };
  });
}

/**
 * POST /api/patient/chats: writes to an organisation as one of the account's patient records
 * there: the one named, else the oldest. No record of this phone there is 404.
 */
export async function startConversation(db: Db, caller: PatientCaller, input: PatientChatStartInput, deps: ChatSendDeps) {
  const [patient] = await db
    .select({ id: patients.id, organisationId: patients.organisationId })
    .from(patients)
    .where(and(eq(patients.organisationId, input.organisationId), ownPatients(caller), input.patientId ? eq(patients.id, input.patientId) : undefined))
    .orderBy(asc(patients.createdAt), asc(patients.id))
    .limit(1);
  if (!patient) throw new NotFoundError('Patient not found');
  const sent = await sentWithLink(db, await sendPatientMessage(db, caller, patient, input, deps));
  return { ...sent, conversationId: sent.message.conversationId };
}

/** POST /api/patient/chats/{conversationId}/messages. */
export async function sendToOwnConversation(db: Db, caller: PatientCaller, conversationId: string, input: PatientChatSendInput, deps: ChatSendDeps) {
  const row = await ownConversation(db, caller, conversationId);
  return sentWithLink(db, await sendPatientMessage(db, caller, { id: row.patientId, organisationId: row.organisationId }, input, deps));
}

/**
 * POST /api/patient/chats/{conversationId}/read: the patient has read staff's messages. The
 * console learns it live (chat.message naming the newest message read) to show them as read.
 */
export async function markReadByPatient(
  db: Db,
  caller: PatientCaller,
  conversationId: string,
  deps: ChatSendDeps,
): Promise<{ unreadCount: number; /** Set when messages were marked read. */ changed?: Sent['patient'] }> {
  const row = await ownConversation(db, caller, conversationId);
  const newest = await db.transaction(async (tx) => {
    const newestRead = await markConversationRead(tx, row.id, 'PATIENT');
    if (newestRead) await deps.events?.publish(row.organisationId, { type: 'chat.message', messageId: newestRead, conversationId: row.id, patientId: row.patientId }, tx);
    return newestRead;
  });
  return { unreadCount: 0, ...(newest ? { changed: { id: row.patientId, organisationId: row.organisationId } } : {}) };
}
