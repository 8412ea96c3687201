import { tokenLabel, type HistoryEntry } from '@caredesk/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { patients, staff } from '../../db/schema/index.js';
import { inBatches } from '../../lib/csv.js';
import { NotFoundError } from '../../lib/errors.js';
import { digitsMatch, nameKeyMatches, offsetOf, phoneSearchDigits } from '../../lib/list-query.js';
import type { VisitCreate, VisitKind } from './kinds.js';

/** The filters every visit list takes (the kind adds its owner's id, and bookings a service kind). */
export interface VisitListFilters {
  from?: string | undefined;
  to?: string | undefined;
  patientId?: string | undefined;
  status?: readonly string[] | undefined;
  search?: string | undefined;
  awaitingConfirmation?: boolean | undefined;
  sort: 'date' | 'token' | 'createdAt';
  order: 'asc' | 'desc';
}

type Kind = VisitKind<VisitCreate>;

/** 'A-007', '007' or '7': a token; a longer run of digits is a phone number. */
const TOKEN_SEARCH = /^(?:([a-z0-9]{1,3})-)?(\d{1,4})$/i;

/**
 * The rows of one organisation a visit list shows. Queries joining the visit's owner and patient
 * (the search reads the owner's token prefix and the patient's name and phone) use it as is.
 */
export function visitListWhere(kind: Kind, organisationId: string, filters: VisitListFilters, ownerId: string | undefined, ...more: SQL[]): SQL {
  const { visits } = kind;
  const conditions: (SQL | undefined)[] = [eq(visits.organisationId, organisationId), ...more];
  if (filters.from) conditions.push(gte(visits.date, filters.from));
  if (filters.to) conditions.push(lte(visits.date, filters.to));
  if (ownerId) conditions.push(eq(kind.visitOwnerId, ownerId));
  if (filters.patientId) conditions.push(eq(visits.patientId, filters.patientId));
  if (filters.status) conditions.push(inArray(visits.status, filters.status as never[]));
  if (filters.awaitingConfirmation !== undefined) conditions.push(eq(visits.awaitingConfirmation, filters.awaitingConfirmation));
  if (filters.search) {
    const [, prefix, token] = TOKEN_SEARCH.exec(filters.search) ?? [];
    const digits = phoneSearchDigits(filters.search);
    if (token) {
      conditions.push(eq(visits.tokenNumber, Number(token)));
      if (prefix) conditions.push(eq(kind.owners.tokenPrefix, prefix.toUpperCase()));
    } else if (digits) conditions.push(digitsMatch(patients.phoneDigits, digits));
    else conditions.push(nameKeyMatches(patients.nameKey, filters.search));
  }
  return and(...conditions)!;
}

/** The list's order; ties broken by id so pages never overlap or skip. */
function visitListOrder(kind: Kind, filters: VisitListFilters): SQL[] {
  const { visits } = kind;
  const dir = filters.order === 'asc' ? asc : desc;
  switch (filters.sort) {
    case 'date':
      return [dir(visits.date), dir(visits.startTime), dir(visits.tokenNumber), dir(visits.id)];
    case 'token':
      return [dir(visits.tokenNumber), dir(visits.date), dir(visits.id)];
    case 'createdAt':
      return [dir(visits.createdAt), dir(visits.id)];
  }
}

/** How many visits a list's `where` (visitListWhere) matches, joined as the list is. */
async function countVisits(db: Db, kind: Kind, where: SQL): Promise<number> {
  const { visits, owners } = kind;
  const [total] = await db
    .select({ n: count() })
    .from(visits)
    .innerJoin(owners, eq(owners.id, kind.visitOwnerId))
    .innerJoin(patients, eq(patients.id, visits.patientId))
    .where(where);
  return total?.n ?? 0;
}

/**
 * A page of a visit list and its total. `select` is the kind's own columns and joins (the owner
 * and the patient, as countVisits joins them), made dynamic; `where` comes from visitListWhere.
 */
export async function visitPage<Q extends PgSelect>(db: Db, kind: Kind, select: Q, where: SQL, filters: VisitListFilters & { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    select
      .where(where)
      .orderBy(...visitListOrder(kind, filters))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    countVisits(db, kind, where),
  ]);
  return { rows: rows as Awaited<Q>, total };
}

/**
 * Every row of a visit list, in the list's order, a batch at a time (a CSV export, lib/csv.ts).
 * `select` makes a fresh query of the kind's columns and joins for each batch (a dynamic query
 * is changed by its where and limit); `where` comes from visitListWhere.
 */
export function visitBatches<Q extends PgSelect>(kind: Kind, select: () => Q, where: SQL, filters: VisitListFilters): AsyncGenerator<Awaited<Q>[number][]> {
  const order = visitListOrder(kind, filters);
  return inBatches(
    async (offset, limit) =>
      (await select()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)) as Awaited<Q>[number][],
  );
}

/** 'Appointment not found', 'Booking not found': what any visit out of reach answers. */
export function visitNotFound(kind: Kind): NotFoundError {
  return new NotFoundError(`${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)} not found`);
}

/** The one visit of `select` with this id that `scope` allows (an organisation, an app account). */
export async function oneVisit<Q extends PgSelect>(kind: Kind, select: Q, id: string, scope: SQL): Promise<Awaited<Q>[number]> {
  const [row] = (await select.where(and(eq(kind.visits.id, id), scope))) as Awaited<Q>;
  if (!row) throw visitNotFound(kind);
  return row;
}

/** A row with its owner's token prefix, as every view shows it: the label ('A-007') instead. */
export function withTokenLabel<Row extends { tokenNumber: number; tokenPrefix: string | null }>({ tokenPrefix, ...row }: Row): Omit<Row, 'tokenPrefix'> & { tokenLabel: string } {
  return { ...row, tokenLabel: tokenLabel(row.tokenNumber, tokenPrefix) };
}

/** A visit's history, oldest first, with who made each move. */
export async function visitHistory(db: Db, kind: Kind, visitId: string): Promise<HistoryEntry[]> {
  const { history } = kind;
  const rows = await db
    .select({
      at: history.at,
      byStaffId: history.byStaffId,
      byName: staff.name,
      action: history.action,
      fromStatus: history.fromStatus,
      toStatus: history.toStatus,
      note: history.note,
    })
    .from(history)
    .leftJoin(staff, eq(staff.id, history.byStaffId))
    .where(eq(kind.historyVisitId, visitId))
    .orderBy(asc(history.at), asc(history.id));
  return rows.map((entry) => ({ ...entry, at: entry.at.toISOString() }));
}
