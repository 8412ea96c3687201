import { AGE_BANDS, ageFrom, phoneDigits, searchKey, type Patient, type patientInputSchema, type patientListQuerySchema, type PatientSummary, type patientUpdateSchema } from '@caredesk/shared';
import { and, asc, count, eq, gte, isNotNull, lte, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { inBatches, type CsvColumn } from '../../lib/csv.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { birthDateRange, digitsMatch, nameKeyMatches, offsetOf, orderByWithTiebreak, phoneSearchDigits, todayIn } from '../../lib/list-query.js';
import { organisationTimeZone } from '../../lib/organisation-time.js';
import { hasVisits } from '../../lib/visits.js';

export type PatientCreate = z.output<typeof patientInputSchema>;
export type PatientChanges = z.output<typeof patientUpdateSchema>;
export type PatientFilters = z.output<typeof patientListQuerySchema>;

const patientColumns = {
  id: patients.id,
  name: patients.name,
  phone: patients.phone,
  email: patients.email,
  gender: patients.gender,
  dateOfBirth: patients.dateOfBirth,
  bloodGroup: patients.bloodGroup,
  address: patients.address,
  notes: patients.notes,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
};
type PatientRow = Omit<typeof patients.$inferSelect, 'organisationId' | 'nameKey' | 'phoneDigits'>;

function toPatient(row: PatientRow): Patient {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const sortColumns = { name: patients.nameKey, createdAt: patients.createdAt, dateOfBirth: patients.dateOfBirth } as const;

/**
 * A search of mostly digits looks in the phone number, anything else at the start of any word of
 * the name; both use the trigram indexes on name_key and phone_digits.
 */
/** `today` is the organisation's (YYYY-MM-DD): age bands count birthdays on its calendar. */
function matching(caller: StaffContext, filters: PatientFilters, today: string): SQL {
  const conditions: (SQL | undefined)[] = [eq(patients.organisationId, caller.organisationId)];
  if (filters.search) {
    const digits = phoneSearchDigits(filters.search);
    conditions.push(digits ? digitsMatch(patients.phoneDigits, digits) : nameKeyMatches(patients.nameKey, filters.search));
  }
  if (filters.gender) conditions.push(eq(patients.gender, filters.gender));
  if (filters.ageBand) {
    // Patients without a date of birth have no age, so a band leaves them out.
    const { from, to } = birthDateRange(AGE_BANDS[filters.ageBand], today);
    conditions.push(isNotNull(patients.dateOfBirth), gte(patients.dateOfBirth, from), lte(patients.dateOfBirth, to));
  }
  return and(...conditions)!;
}

function selectPatients(db: Db) {
  return db.select(patientColumns).from(patients);
}

// What the list shows, no more (issue 13): a page of 200 must not carry notes and addresses.
const summaryColumns = {
  id: patients.id,
  name: patients.name,
  phone: patients.phone,
  gender: patients.gender,
  dateOfBirth: patients.dateOfBirth,
  bloodGroup: patients.bloodGroup,
  createdAt: patients.createdAt,
};

/** The date of birth only to compute the age, in the same 'today' the age bands filter by. */
function toSummary(row: { [K in keyof typeof summaryColumns]: (typeof patients.$inferSelect)[K] }, today: Date): PatientSummary {
  const { dateOfBirth, createdAt, ...rest } = row;
  return { ...rest, age: dateOfBirth ? ageFrom(dateOfBirth, today) : null, createdAt: createdAt.toISOString() };
}

export async function listPatients(db: Db, caller: StaffContext, filters: PatientFilters) {
  const todayDate = todayIn(await organisationTimeZone(db, caller.organisationId));
  const where = matching(caller, filters, todayDate);
  const today = new Date(`${todayDate}T00:00:00`);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(patients)
      .where(where)
      .orderBy(...orderByWithTiebreak(sortColumns[filters.sort], filters.order, patients.id))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(patients).where(where),
  ]);
  return { data: rows.map((row) => toSummary(row, today)), total: totals[0]?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

export async function* exportPatients(db: Db, caller: StaffContext, filters: PatientFilters): AsyncGenerator<Patient[]> {
  const where = matching(caller, filters, todayIn(await organisationTimeZone(db, caller.organisationId)));
  const order = orderByWithTiebreak(sortColumns[filters.sort], filters.order, patients.id);
  yield* inBatches(async (offset, limit) => (await selectPatients(db).where(where).orderBy(...order).limit(limit).offset(offset)).map(toPatient));
}

export async function getPatient(db: Db, caller: StaffContext, id: string): Promise<Patient> {
  const [row] = await selectPatients(db).where(and(eq(patients.id, id), eq(patients.organisationId, caller.organisationId)));
  if (!row) throw new NotFoundError('Patient not found');
  return toPatient(row);
}

export async function createPatient(db: Db, caller: StaffContext, input: PatientCreate): Promise<Patient> {
  const [row] = await db
    .insert(patients)
    .values({ ...input, organisationId: caller.organisationId, nameKey: searchKey(input.name), phoneDigits: phoneDigits(input.phone) })
    .returning(patientColumns);
  return toPatient(row!);
}

export async function updatePatient(db: Db, caller: StaffContext, id: string, changes: PatientChanges): Promise<Patient> {
  const values: Partial<typeof patients.$inferInsert> = { ...changes, updatedAt: new Date() };
  if (changes.name !== undefined) values.nameKey = searchKey(changes.name);
  if (changes.phone !== undefined) values.phoneDigits = phoneDigits(changes.phone);
  const [row] = await db
    .update(patients)
    .set(values)
    .where(and(eq(patients.id, id), eq(patients.organisationId, caller.organisationId)))
    .returning(patientColumns);
  if (!row) throw new NotFoundError('Patient not found');
  return toPatient(row);
}

/** A patient with appointments or bookings keeps their record: the history belongs to it. */
export async function deletePatient(db: Db, caller: StaffContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.organisationId, caller.organisationId)))
      .for('update');
    if (!row) throw new NotFoundError('Patient not found');
    if (await hasVisits(tx, 'patient', id)) throw new ConflictError('Has appointments or bookings: this patient’s record is kept');
    await tx.delete(patients).where(eq(patients.id, id));
  });
}

/**
 * Other patients of the caller's organisation with this phone number. Families share phones, so
 * the form only warns; it never blocks.
 */
export async function phoneMatches(db: Db, caller: StaffContext, query: { phone: string; excludeId?: string | undefined }) {
  const conditions = [eq(patients.organisationId, caller.organisationId), eq(patients.phoneDigits, phoneDigits(query.phone))];
  if (query.excludeId) conditions.push(ne(patients.id, query.excludeId));
  const rows = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(and(...conditions))
    .orderBy(asc(patients.nameKey), asc(patients.id))
    .limit(20);
  return { data: rows };
}

const GENDER_LABELS = { MALE: 'Male', FEMALE: 'Female', OTHER: 'Other' } as const;

export const patientCsvColumns: CsvColumn<Patient>[] = [
  { header: 'Name', value: (p) => p.name },
  { header: 'Phone', value: (p) => p.phone },
  { header: 'E-mail', value: (p) => p.email },
  { header: 'Gender', value: (p) => GENDER_LABELS[p.gender] },
  { header: 'Date of birth', value: (p) => p.dateOfBirth },
  { header: 'Blood group', value: (p) => p.bloodGroup },
  { header: 'Address', value: (p) => p.address },
  { header: 'Notes', value: (p) => p.notes },
  { header: 'Registered', value: (p) => p.createdAt },
];
