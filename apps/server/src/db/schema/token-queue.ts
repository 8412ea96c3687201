import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { staff } from './staff.js';

export const queueKind = pgEnum('queue_kind', ['DOCTOR', 'SERVICE']);

/** What one visit looked like before a queue action touched it: what undo puts back. */
export interface QueueVisitSnapshot {
  id: string;
  status: string;
  calledAt: string | null;
  completedAt: string | null;
  skippedAt: string | null;
  recalledAt: string | null;
  updatedAt: string;
  /** updatedAt after the action: undo refuses when the visit has moved on since. */
  updatedAtAfter: string;
}

/**
 * Every call next / skip / recall / complete on a day's queue (one doctor or one service), with
 * the visits it changed as they were before: 'undo the last action' reverts the newest one not
 * yet undone.
 */
export const tokenQueueActions = pgTable(
  'token_queue_actions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: queueKind('kind').notNull(),
    /** The doctor's or the service's id (no foreign key: one column for two tables). */
    queueId: uuid('queue_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<QueueVisitSnapshot[]>().notNull(),
    byStaffId: uuid('by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('token_queue_actions_queue_idx').on(table.queueId, table.date, table.at)],
);
