import { notificationTypes } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { staff } from './staff.js';

export const notificationType = pgEnum('notification_type', notificationTypes);

export interface NotificationDetails {
  img?: string;
  appointmentId?: string;
  bookingId?: string;
  patientId?: string;
  conversationId?: string;
  /** The visit's day, YYYY-MM-DD. */
  date?: string;
  /** Who raised it; absent for a patient's action. */
  actorStaffId?: string;
}

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recipientStaffId: uuid('recipient_staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    details: jsonb('details').$type<NotificationDetails>().notNull().default({}),
    // Millisecond precision so an ISO createdAt round-trips exactly as a paging cursor.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('notifications_recipient_created_idx').on(table.recipientStaffId, table.createdAt.desc())],
);
