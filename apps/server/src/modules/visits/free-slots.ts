import { zonedNow, type SlotsResponse } from '@caredesk/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import type { VisitCreate, VisitKind } from './kinds.js';
import { freeSlots } from './slots.js';

/** Live visits of an owner on a date, by slot start. */
async function liveCounts(db: Db, kind: VisitKind<VisitCreate>, ownerId: string, date: string): Promise<Map<string, number>> {
  const { visits } = kind;
  const rows = await db
    .select({ start: visits.startTime, n: count() })
    .from(visits)
    .where(and(eq(kind.visitOwnerId, ownerId), eq(visits.date, date), inArray(visits.status, kind.liveStatuses as never[])))
    .groupBy(visits.startTime);
  return new Map(rows.map((row) => [row.start, row.n]));
}

/**
 * The free slots of one of an organisation's doctors (or scans and tests) on a date: the staff
 * routes (the caller's organisation) and the patient API (the organisation in the path).
 */
export async function listFreeSlots(db: Db, kind: VisitKind<VisitCreate>, organisationId: string, ownerId: string, date: string, now = new Date()): Promise<SlotsResponse> {
  const { owners } = kind;
  const [row] = await db
    .select({ owner: owners, timeZone: organisations.timeZone })
    .from(owners)
    .innerJoin(organisations, eq(organisations.id, owners.organisationId))
    .where(and(eq(owners.id, ownerId), eq(owners.organisationId, organisationId), kind.ownerScope));
  if (!row) throw new NotFoundError(kind.ownerNotFound);
  const owner = kind.toOwner(row.owner as never);
  const { timeZone } = row;
  // An inactive owner takes no bookings, so shows no free slots.
  if (!owner.active) return { date, timeZone, slots: [] };
  return { date, timeZone, slots: freeSlots(owner.schedule, date, await liveCounts(db, kind, owner.id, date), zonedNow(timeZone, now)) };
}
