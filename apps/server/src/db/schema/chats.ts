import { chatSenders } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { patients } from './patients.js';
import { staff } from './staff.js';
import { uploads } from './uploads.js';

export const chatSender = pgEnum('chat_sender', chatSenders);

/**
 * One conversation per patient record (design.md §5), created by its first message. The last
 * message and the unread counts are kept on the row so the list is one indexed read, not an
 * aggregate over every message.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    // Millisecond precision so an ISO timestamp round-trips exactly as a paging cursor.
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview'),
    lastMessageSender: chatSender('last_message_sender'),
    lastMessageHasAttachment: boolean('last_message_has_attachment').notNull().default(false),
    /** Patient messages staff have not read; staff messages the patient has not read. */
    staffUnreadCount: integer('staff_unread_count').notNull().default(0),
    patientUnreadCount: integer('patient_unread_count').notNull().default(0),
    staffLastReadAt: timestamp('staff_last_read_at', { withTimezone: true, precision: 3 }),
    patientLastReadAt: timestamp('patient_last_read_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_organisation_patient_unique').on(table.organisationId, table.patientId),
    index('conversations_organisation_activity_idx').on(table.organisationId, table.lastMessageAt.desc(), table.id.desc()),
    // The patient app lists an account's conversations through its patient records.
    index('conversations_patient_idx').on(table.patientId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sender: chatSender('sender').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    attachmentUploadId: uuid('attachment_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** The sender's own id: a retried send finds its message instead of adding a second one. */
    clientId: uuid('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the other side read it. */
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('chat_messages_client_unique').on(table.conversationId, table.sender, table.clientId),
    index('chat_messages_thread_idx').on(table.conversationId, table.createdAt.desc(), table.id.desc()),
  ],
);
