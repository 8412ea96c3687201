import { auditDetailsSchema, type AuditEvent, type AuditListQuery } from '@caredesk/shared';
import { and, count, desc, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { inBatches, type CsvColumn } from '../../lib/csv.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { offsetOf } from '../../lib/list-query.js';

const eventColumns = {
  id: auditEvents.id,
  seq: auditEvents.seq,
  staffId: auditEvents.staffId,
  staffName: auditEvents.staffName,
  action: auditEvents.action,
  entity: auditEvents.entity,
  entityId: auditEvents.entityId,
  route: auditEvents.route,
  statusCode: auditEvents.statusCode,
  ip: auditEvents.ip,
  userAgent: auditEvents.userAgent,
  details: auditEvents.details,
  createdAt: auditEvents.createdAt,
  hash: auditEvents.hash,
};
type EventRow = { [K in keyof typeof eventColumns]: (typeof auditEvents.$inferSelect)[K] };

/** Details are stored as the JSON text the hash covers; one that no longer parses reads as none. */
function detailsOf(text: string | null): AuditEvent['details'] {
  if (!text) return null;
  try {
    return auditDetailsSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

function toEvent(row: EventRow): AuditEvent {
  return { ...row, action: row.action as AuditEvent['action'], details: detailsOf(row.details), createdAt: row.createdAt.toISOString() };
}

/** Dates are days in the organisation's time zone; `to` is inclusive. */
function matching(organisationId: string, timeZone: string, filters: AuditListQuery): SQL {
  const conditions: SQL[] = [eq(auditEvents.organisationId, organisationId)];
  if (filters.staffId) conditions.push(eq(auditEvents.staffId, filters.staffId));
  if (filters.action) conditions.push(eq(auditEvents.action, filters.action));
  if (filters.entity) conditions.push(eq(auditEvents.entity, filters.entity));
  if (filters.from) conditions.push(gte(auditEvents.createdAt, sql`(${filters.from}::date)::timestamp at time zone ${timeZone}`));
  if (filters.to) conditions.push(lt(auditEvents.createdAt, sql`(${filters.to}::date + 1)::timestamp at time zone ${timeZone}`));
  return and(...conditions)!;
}

// Time first; seq breaks ties (and is the chain's order), so pages never overlap or skip.
function ordering(order: 'asc' | 'desc'): SQL[] {
  return order === 'asc' ? [asc(auditEvents.createdAt), asc(auditEvents.seq)] : [desc(auditEvents.createdAt), desc(auditEvents.seq)];
}

export async function listAuditEvents(db: Db, caller: StaffContext, filters: AuditListQuery) {
  const where = matching(caller.organisationId, await organisationTimeZone(db, caller.organisationId), filters);
  const [rows, totals] = await Promise.all([
    db
      .select(eventColumns)
      .from(auditEvents)
      .where(where)
      .orderBy(...ordering(filters.order))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { data: rows.map(toEvent), total: totals[0]?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

/** Every entry the list's filters match, in the list's order, a batch at a time. */
export async function* exportAuditEvents(db: Db, caller: StaffContext, filters: AuditListQuery): AsyncGenerator<AuditEvent[]> {
  const where = matching(caller.organisationId, await organisationTimeZone(db, caller.organisationId), filters);
  const order = ordering(filters.order);
  yield* inBatches(async (offset, limit) =>
    (
      await db
        .select(eventColumns)
        .from(auditEvents)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    ).map(toEvent),
  );
}

export const auditCsvColumns: CsvColumn<AuditEvent>[] = [
  { header: 'Entry', value: (e) => e.seq },
  { header: 'When (UTC)', value: (e) => e.createdAt },
  { header: 'Staff id', value: (e) => e.staffId },
  { header: 'Who', value: (e) => e.staffName },
  { header: 'Action', value: (e) => e.action },
  { header: 'Entity', value: (e) => e.entity },
  { header: 'Record id', value: (e) => e.entityId },
  { header: 'Route', value: (e) => e.route },
  { header: 'Status', value: (e) => e.statusCode },
  { header: 'From (IP)', value: (e) => e.ip },
  { header: 'User agent', value: (e) => e.userAgent },
  { header: 'Details', value: (e) => (e.details ? JSON.stringify(e.details) : null) },
  { header: 'Hash', value: (e) => e.hash },
];
