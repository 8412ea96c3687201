import { messageChannels, messageStatuses, type MessageSettingsUpdate, type MessageTimelineEntry } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { patientLanguage, patients } from './patients.js';
import { staff } from './staff.js';

export const messageChannel = pgEnum('message_channel', messageChannels);
export const messageStatus = pgEnum('message_status', messageStatuses);

/** What an organisation changed in Settings → Messages; everything else is the default (modules/messages/settings.ts). */
export const messageSettings = pgTable('message_settings', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<MessageSettingsUpdate>().notNull().default({}),
  /** Staff over the low-balance line was told once; cleared when the wallet is back above it. */
  lowBalanceNotifiedAt: timestamp('low_balance_notified_at', { withTimezone: true, precision: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** Values a message's text is rendered from that cannot be read again later (a chat's text, a queue position). */
export interface MessageContext {
  chatMessageId?: string;
  ahead?: number;
  /** The receipt (payment) or credit note a payment-received or refund-issued message is about. */
  paymentId?: string;
  creditNoteId?: string;
  /** The waitlist entry a waitlist-offer message tells of; the offer itself is read when it is sent. */
  waitlistEntryId?: string;
}

/**
 * Every message to a patient, from the moment it is owed (design.md §10): the row is both the job
 * (claimed by one process at a time with FOR UPDATE SKIP LOCKED and a lease) and the log entry.
 * `dedupeKey` makes a message owed once: the visit, the event, the reminder's offset and the visit
 * time it was owed for (a rescheduled visit owes new reminders), and the channel.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Null only for an admin's test message. */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    visitKind: text('visit_kind').$type<'appointment' | 'booking'>(),
    visitId: uuid('visit_id'),
    event: text('event').notNull(),
    offsetMinutes: integer('offset_minutes').notNull().default(0),
    channel: messageChannel('channel').notNull(),
    status: messageStatus('status').notNull().default('SCHEDULED'),
    language: patientLanguage('language').notNull().default('en'),
    dedupeKey: text('dedupe_key').notNull(),
    /** E.164: the patient's phone when the message was owed (a test message's own). */
    toPhone: text('to_phone').notNull(),
    /** Rendered when sent, from the organisation's template and the visit as it is then. */
    text: text('text').notNull().default(''),
    context: jsonb('context').$type<MessageContext>().notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true, precision: 3 }).notNull(),
    /** When a process may claim it next: the due time, a quiet-hours hold, a retry, or a lease's end. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    costPaise: integer('cost_paise').notNull().default(0),
    /** Set in the transaction that debits the wallet: a retried send is never charged again. */
    chargedAt: timestamp('charged_at', { withTimezone: true, precision: 3 }),
    failureReason: text('failure_reason'),
    timeline: jsonb('timeline').$type<MessageTimelineEntry[]>().notNull().default([]),
    createdByStaffId: uuid('created_by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('messages_dedupe_unique').on(table.organisationId, table.dedupeKey),
    // The senders' claim: only work still to do is in this index, so it stays small.
    index('messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('SCHEDULED', 'SENDING')`),
    index('messages_organisation_created_idx').on(table.organisationId, table.createdAt.desc(), table.id.desc()),
    index('messages_patient_idx').on(table.patientId, table.createdAt.desc()),
    index('messages_visit_idx').on(table.visitId),
    uniqueIndex('messages_provider_unique')
      .on(table.provider, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    check('messages_cost_not_negative', sql`${table.costPaise} >= 0`),
  ],
);

/**
 * A patient's side of a WhatsApp conversation with an organisation: when they last wrote (the
 * Cloud API's 24-hour customer-service window, inside which free text may be sent).
 */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** E.164. */
    phone: text('phone').notNull(),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [uniqueIndex('whatsapp_contacts_unique').on(table.organisationId, table.phone)],
);
