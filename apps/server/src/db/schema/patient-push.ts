import { patientPushKinds } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { patientAccounts } from './patient-accounts.js';
import { patientLanguage } from './patients.js';

export const patientPushKind = pgEnum('patient_push_kind', patientPushKinds);

/**
 * A patient app browser that opted in to pushes (modules/patient-push). Apart from the staff's
 * push_subscriptions: these belong to a patient account, not to a staff member of an
 * organisation. One row per browser: the endpoint is its identity.
 */
export const patientPushSubscriptions = pgTable(
  'patient_push_subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => patientAccounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url): what the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The app's language when the browser opted in: the pushes are written in it. */
    language: patientLanguage('language').notNull().default('en'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, precision: 3 }),
    /** Failed sends since the last success. */
    failureCount: integer('failure_count').notNull().default(0),
  },
  (table) => [uniqueIndex('patient_push_subscriptions_endpoint_unique').on(table.endpoint), index('patient_push_subscriptions_account_idx').on(table.accountId)],
);

/**
 * Pushes to patients, one per subscription, visit and kind ('next', 'called'): the unique key
 * makes each owed once however often the queue moves. A row stays once done (doneAt set) so the
 * key keeps holding; a sender claims a due row by pushing nextAttemptAt past a lease, so no two
 * processes send it. What it says is read when it is sent (the visit as it is then).
 */
export const patientPushOutbox = pgTable(
  'patient_push_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => patientPushSubscriptions.id, { onDelete: 'cascade' }),
    /** 'appointment' or 'booking': which table visitId is in. */
    visitKind: text('visit_kind').notNull(),
    visitId: uuid('visit_id').notNull(),
    kind: patientPushKind('kind').notNull(),
    /** Claims so far, the one being sent included. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Sent, or given up (outcome says which); null while owed. */
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }),
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('patient_push_outbox_once_unique').on(table.subscriptionId, table.visitId, table.kind),
    index('patient_push_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.doneAt} is null`),
    index('patient_push_outbox_visit_idx').on(table.visitId),
    check('patient_push_outbox_visit_kind_check', sql`${table.visitKind} in ('appointment', 'booking')`),
  ],
);
