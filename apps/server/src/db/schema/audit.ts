import type { AuditAction } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** What an entry says, the same in the chain and in the outbox it waits in (fresh builders per table). */
const entryColumns = () => ({
  staffId: uuid('staff_id'),
  staffName: text('staff_name'),
  action: text('action').$type<AuditAction>().notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  route: text('route').notNull(),
  statusCode: integer('status_code').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  /**
   * What a list or search read (the filter, whether and how it searched, the count returned) or
   * why a request was denied: canonical JSON text, not jsonb, so the bytes hashed are the bytes
   * stored. Never a search term or any other patient value.
   */
  details: text('details'),
});

/**
 * The audit trail (design.md §5). No foreign keys: entries outlive the staff and records they
 * name. A trigger (migration 0012) refuses UPDATE and DELETE, and each entry's hash covers its
 * fields and the previous entry's hash, so an edit made around the trigger breaks the chain.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    ...entryColumns(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * 1: unkeyed sha256 (entries written before the chain was keyed, migration 0015); 2: HMAC
     * with the audit key (modules/audit/keys.ts). A chain never goes back from 2 to 1.
     */
    hashVersion: smallint('hash_version').notNull(),
  },
  (table) => [
    uniqueIndex('audit_events_organisation_seq_unique').on(table.organisationId, table.seq),
    index('audit_events_organisation_created_idx').on(table.organisationId, table.createdAt.desc()),
    index('audit_events_organisation_staff_idx').on(table.organisationId, table.staffId, table.createdAt.desc()),
    index('audit_events_organisation_entity_idx').on(table.organisationId, table.entity, table.createdAt.desc()),
  ],
);

/** The end of each organisation's chain: locked FOR UPDATE while appending, so entries never fork. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  organisationId: uuid('organisation_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/**
 * Entries written before their request's reply goes out, not yet in the chain. The hook inserts
 * here (no lock, so replies never queue behind each other) and a drain moves them into
 * audit_events in id order under the chain head's lock; rows left by a process that died are
 * chained when the next one starts. Rows are deleted once chained, so this table stays small.
 */
export const auditOutbox = pgTable(
  'audit_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id').notNull(),
    ...entryColumns(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('audit_outbox_organisation_idx').on(table.organisationId, table.id)],
);
