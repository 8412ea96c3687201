import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.js';
import { organisations } from './organisations.js';
import { staff } from './staff.js';

/**
 * One row per browser (design.md §7): the endpoint is the browser's identity, so saving it again,
 * by the same or another staff member on that device, updates the row instead of adding one.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url): what the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, precision: 3 }),
    /** Failed sends since the last success. */
    failureCount: integer('failure_count').notNull().default(0),
  },
  (table) => [uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint), index('push_subscriptions_staff_idx').on(table.staffId)],
);

/**
 * Pushes still to send, one per notification and subscription (lib/push/sender.ts). Written in
 * the transaction that creates the notifications, so a push goes out exactly when they commit;
 * a sender claims a row by pushing nextAttemptAt past a lease, so no two processes send it.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** Claims so far, the one being sent included. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_outbox_delivery_unique').on(table.notificationId, table.subscriptionId),
    index('push_outbox_subscription_idx').on(table.subscriptionId),
    index('push_outbox_due_idx').on(table.nextAttemptAt),
  ],
);
