import { phoneDigits, searchKey, tokenLabel, type visitPatientSchema } from '@caredesk/shared';
import { and, asc, count, desc, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { patientAccounts, patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { offsetOf } from '../../lib/list-query.js';
import { bookVisitIn, visitTransaction, type VisitCreate, type VisitKind, type WriteOptions } from '../visits/index.js';
import type { PatientCaller } from './auth.js';

export type VisitPatientInput = z.output<typeof visitPatientSchema>;

/**
 * The patient records an account may act for: those of any organisation carrying its phone
 * (a family sharing a phone shares its visits, as at the front desk). phone_digits is what the
 * patient indexes cover.
 */
export function ownPatients(caller: PatientCaller): SQL {
  return eq(patients.phoneDigits, phoneDigits(caller.phone));
}

/** A left-joined facility as the app shows it. */
export function facilityRef(id: string | null, name: string | null): { id: string; name: string } | null {
  return id && name !== null ? { id, name } : null;
}

/** A page of a list, as every list of the API answers it (design.md §6). */
export function pageOf<T>(query: { page: number; pageSize: number }, data: T[], total: number | undefined) {
  return { data, total: total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Visits latest first, ties broken by id so pages never overlap or skip. */
export function newestFirst(visit: { date: AnyColumn; startTime: AnyColumn; createdAt: AnyColumn; id: AnyColumn }): SQL[] {
  return [desc(visit.date), desc(visit.startTime), desc(visit.createdAt), desc(visit.id)];
}

interface VisitRow {
  tokenPrefix: string | null;
  facilityId: string | null;
  facilityName: string | null;
  tokenNumber: number;
  createdAt: Date;
  updatedAt: Date;
}

/** An appointment or booking row as the app shows it: facility, token label, ISO timestamps. */
export function toPatientVisit<Row extends VisitRow>({ tokenPrefix, facilityId, facilityName, createdAt, updatedAt, ...row }: Row) {
  return { ...row, facility: facilityRef(facilityId, facilityName), tokenLabel: tokenLabel(row.tokenNumber, tokenPrefix), createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/**
 * The patient record a visit is for, in that organisation: one of the account's own (else 404,
 * never confirming another phone's patient), or the family member by name, created with the
 * account's phone the first time.
 */
async function patientFor(tx: Tx, caller: PatientCaller, organisationId: string, choice: VisitPatientInput): Promise<string> {
  if (choice.patientId) {
    const [own] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, choice.patientId), eq(patients.organisationId, organisationId), ownPatients(caller)));
    if (!own) throw new NotFoundError('Patient not found');
    return own.id;
  }
  // The schema guarantees a name and gender when there is no patientId.
  const name = choice.name!;
  const nameKey = searchKey(name);
  const [existing] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), ownPatients(caller), eq(patients.nameKey, nameKey)))
    .orderBy(asc(patients.createdAt), asc(patients.id))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(patients)
    .values({ organisationId, name, nameKey, phone: caller.phone, phoneDigits: phoneDigits(caller.phone), gender: choice.gender!, dateOfBirth: choice.dateOfBirth ?? null })
    .returning({ id: patients.id });
  return created!.id;
}

/**
 * Books a visit for the patient the app chose, in one transaction with finding or creating its
 * record, so a refused booking (a full slot) leaves no stray record behind. The console's own
 * booking (slot lock, token, staff notifications, live update), as the patient: no staff creator.
 */
export async function bookForPatient<C extends VisitCreate>(
  db: Db,
  kind: VisitKind<C>,
  caller: PatientCaller,
  organisationId: string,
  choice: VisitPatientInput,
  visitOf: (patientId: string) => C,
  options: WriteOptions,
): Promise<string> {
  return visitTransaction(db, options, async (write) => {
    // One find-or-create at a time per account: two taps on "Book" make one new family member.
    await write.tx.select({ id: patientAccounts.id }).from(patientAccounts).where(eq(patientAccounts.id, caller.accountId)).for('update');
    const patientId = await patientFor(write.tx, caller, organisationId, choice);
    return bookVisitIn(write, kind, { organisationId, staffId: null }, visitOf(patientId));
  });
}

/**
 * A page of the account's visits of one kind in every organisation, latest first. `select` is the
 * kind's own columns and joins (from the visit table, joined to patients), made dynamic.
 */
export async function ownVisitPage<Q extends PgSelect>(db: Db, kind: VisitKind<VisitCreate>, caller: PatientCaller, query: { page: number; pageSize: number }, select: Q) {
  const where = ownPatients(caller);
  const [rows, totals] = await Promise.all([
    select
      .where(where)
      .orderBy(...newestFirst(kind.visits))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(kind.visits).innerJoin(patients, eq(patients.id, kind.visits.patientId)).where(where),
  ]);
  return { rows: rows as Awaited<Q>, total: totals[0]?.n ?? 0 };
}

/** One of the account's visits of one kind; another account's is "not found". */
export async function ownVisit<Q extends PgSelect>(kind: VisitKind<VisitCreate>, caller: PatientCaller, id: string, select: Q): Promise<Awaited<Q>[number]> {
  const [row] = (await select.where(and(eq(kind.visits.id, id), ownPatients(caller)))) as Awaited<Q>;
  if (!row) throw new NotFoundError(`${kind.noun[0]!.toUpperCase()}${kind.noun.slice(1)} not found`);
  return row;
}
