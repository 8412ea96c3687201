import { phoneDigits, searchKey, type MessageLanguage, type visitPatientSchema } from '@caredesk/shared';
import { and, asc, count, desc, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { patientAccounts, patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { offsetOf, pageOf } from '../../lib/list-query.js';
import { bookVisitIn, cancelVisitByPatient, oneVisit, visitTransaction, withTokenLabel, type VisitCreate, type VisitKind, type WriteOptions } from '../visits/index.js';
import { ownPatients, type PatientCaller } from '../../lib/patient-auth.js';
import { birthDateOf } from '../patients/index.js';
import { onlineBookingRulesOf } from '../settings/index.js';

type VisitPatientInput = z.output<typeof visitPatientSchema>;

/** A left-joined facility as the app shows it. */
export function facilityRef(id: string | null, name: string | null): { id: string; name: string } | null {
  return id && name !== null ? { id, name } : null;
}

/** Visits latest first, ties broken by id so pages never overlap or skip. */
function newestFirst(visit: { date: AnyColumn; startTime: AnyColumn; createdAt: AnyColumn; id: AnyColumn }): SQL[] {
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
export function toPatientVisit<Row extends VisitRow>({ facilityId, facilityName, createdAt, updatedAt, ...row }: Row) {
  return { ...withTokenLabel(row), facility: facilityRef(facilityId, facilityName), createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/**
 * The patient record a visit is for, in that organisation: one of the account's own (else 404,
 * never confirming another phone's patient), or the family member by name, created with the
 * account's phone the first time.
 */
async function patientFor(tx: Tx, caller: PatientCaller, organisationId: string, choice: VisitPatientInput, language: MessageLanguage | null): Promise<string> {
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
  // An age is stored as the desk stores one: 1 January of the birth year, flagged estimated.
  const birth = await birthDateOf(tx, organisationId, choice);
  const [created] = await tx
    .insert(patients)
    .values({
      organisationId,
      name,
      nameKey,
      phone: caller.phone,
      phoneDigits: phoneDigits(caller.phone),
      gender: choice.gender!,
      dateOfBirth: null,
      ...birth,
      // The language the account chose in the app: the new record's messages are in it too.
      messageLanguage: language,
    })
    .returning({ id: patients.id });
  return created!.id;
}

/**
 * The patient record the app chose, found or created in the caller's transaction: one
 * find-or-create at a time per account, so two taps on "Book" make one new family member.
 */
export async function choosePatientIn(tx: Tx, caller: PatientCaller, organisationId: string, choice: VisitPatientInput): Promise<string> {
  const [account] = await tx.select({ language: patientAccounts.language }).from(patientAccounts).where(eq(patientAccounts.id, caller.accountId)).for('update');
  return patientFor(tx, caller, organisationId, choice, account?.language ?? null);
}

/**
 * Books a visit for the patient the app chose, in one transaction with finding or creating its
 * record, so a refused booking (a full slot) leaves no stray record behind. The console's own
 * booking (slot lock, token, staff notifications, live update), as the patient: no staff creator,
 * and awaiting the desk's confirmation when the organisation asks for it.
 */
async function bookForPatient<C extends VisitCreate>(
  db: Db,
  kind: VisitKind<C>,
  caller: PatientCaller,
  organisationId: string,
  choice: VisitPatientInput,
  visitOf: (patientId: string) => C,
  options: WriteOptions,
): Promise<string> {
  return visitTransaction(db, options, async (write) => {
    const patientId = await choosePatientIn(write.tx, caller, organisationId, choice);
    // Read in the booking's transaction: the rule as it is when the visit is written.
    const { requireConfirmation } = await onlineBookingRulesOf(write.tx, organisationId);
    return bookVisitIn(write, kind, { organisationId, staffId: null }, { ...visitOf(patientId), awaitingConfirmation: requireConfirmation });
  });
}

/** What the app's booking of any kind carries besides its owner: where, and for whom. */
interface PatientVisitCreate {
  organisationId: string;
  patient: VisitPatientInput;
}

/** One kind of visit as the app sees it; everything else is the same for every kind. */
interface OwnVisitsSpec<C extends VisitCreate, I extends PatientVisitCreate, Q extends PgSelect, V extends { organisationId: string }> {
  kind: VisitKind<C>;
  /** The kind's columns and joins (from the visit table, joined to patients), made dynamic. */
  select: (db: Db) => Q;
  toVisit: (row: Awaited<Q>[number]) => V;
  /** Throws (404) unless the app may book the doctor or scan/test asked for. */
  bookable: (db: Db, input: I) => Promise<unknown>;
  /** The engine's booking input for the patient record chosen or created. */
  visitOf: (input: I, patientId: string) => C;
}

/**
 * The app's routes for one kind of visit: book for oneself or a family member, list and read
 * the account's own (every organisation, latest first; another account's is "not found"), cancel.
 */
export function ownVisitsOf<C extends VisitCreate, I extends PatientVisitCreate, Q extends PgSelect, V extends { organisationId: string }>(spec: OwnVisitsSpec<C, I, Q, V>) {
  const { kind } = spec;
  async function get(db: Db, caller: PatientCaller, id: string): Promise<V> {
    return spec.toVisit(await oneVisit(kind, spec.select(db), id, ownPatients(caller)));
  }
  return {
    get,
    async book(db: Db, caller: PatientCaller, input: I, options: WriteOptions = {}): Promise<V> {
      await spec.bookable(db, input);
      const id = await bookForPatient(db, kind, caller, input.organisationId, input.patient, (patientId) => spec.visitOf(input, patientId), options);
      return get(db, caller, id);
    },
    async list(db: Db, caller: PatientCaller, query: { page: number; pageSize: number }) {
      const where = ownPatients(caller);
      const [rows, totals] = await Promise.all([
        spec
          .select(db)
          .where(where)
          .orderBy(...newestFirst(kind.visits))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(kind.visits).innerJoin(patients, eq(patients.id, kind.visits.patientId)).where(where),
      ]);
      return pageOf(query, (rows as Awaited<Q>).map(spec.toVisit), totals[0]?.n);
    },
    /** The patient's own BOOKED or CHECKED_IN visit: the console's cancel, as the patient. */
    async cancel(db: Db, caller: PatientCaller, id: string, reason: string | undefined, options: WriteOptions = {}): Promise<V> {
      const own = await get(db, caller, id);
      await cancelVisitByPatient(db, kind, { organisationId: own.organisationId, staffId: null }, id, reason, options);
      return get(db, caller, id);
    },
  };
}
