import { searchKey, type Doctor, type doctorInputSchema, type doctorListQuerySchema, type doctorUpdateSchema } from '@caredesk/shared';
import { and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { doctors, facilities } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { describeAvailability, inBatches, rupees, type CsvColumn } from '../../lib/csv.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { digitsMatch, nameKeyMatches, offsetOf, orderByWithTiebreak, phoneSearchDigits } from '../../lib/list-query.js';
import { assertMayChangeExtras, hasVisits } from '../visits/index.js';
import { resolveFacilityId } from '../facilities/index.js';
import { assertLeaveFree } from './leave.js';

export type DoctorCreate = z.output<typeof doctorInputSchema>;
export type DoctorChanges = z.output<typeof doctorUpdateSchema>;
export type DoctorFilters = z.output<typeof doctorListQuerySchema>;

const { organisationId: _organisationId, nameKey: _nameKey, ...doctorFields } = getTableColumns(doctors);
const doctorColumns = { ...doctorFields, facilityName: facilities.name };
type DoctorRow = Omit<typeof doctors.$inferSelect, 'organisationId' | 'nameKey'> & { facilityName: string | null };

function toDoctor(row: DoctorRow): Doctor {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const sortColumns = {
  name: doctors.nameKey,
  specialization: doctors.specialization,
  consultationFee: doctors.consultationFeePaise,
  createdAt: doctors.createdAt,
} as const;

/** The list's filters; shared by the page and the CSV export so both show the same doctors. */
function matching(caller: StaffContext, filters: Omit<DoctorFilters, 'page' | 'pageSize'>): SQL {
  const conditions: (SQL | undefined)[] = [eq(doctors.organisationId, caller.organisationId)];
  if (filters.search) {
    const digits = phoneSearchDigits(filters.search);
    conditions.push(digits ? digitsMatch(doctors.phone, digits) : nameKeyMatches(doctors.nameKey, filters.search));
  }
  if (filters.specialization) conditions.push(eq(doctors.specialization, filters.specialization));
  if (filters.facilityId) conditions.push(eq(doctors.facilityId, filters.facilityId));
  if (filters.active !== undefined) conditions.push(eq(doctors.active, filters.active));
  return and(...conditions)!;
}

function selectDoctors(db: Db) {
  return db.select(doctorColumns).from(doctors).leftJoin(facilities, eq(facilities.id, doctors.facilityId));
}

export async function listDoctors(db: Db, caller: StaffContext, filters: DoctorFilters) {
  const where = matching(caller, filters);
  const [rows, totals] = await Promise.all([
    selectDoctors(db)
      .where(where)
      .orderBy(...orderByWithTiebreak(sortColumns[filters.sort], filters.order, doctors.id))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(doctors).where(where),
  ]);
  return { data: rows.map(toDoctor), total: totals[0]?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

/** Every doctor the list's filters match, in the list's order, a batch at a time. */
export function exportDoctors(db: Db, caller: StaffContext, filters: DoctorFilters): AsyncGenerator<Doctor[]> {
  const where = matching(caller, filters);
  const order = orderByWithTiebreak(sortColumns[filters.sort], filters.order, doctors.id);
  return inBatches(async (offset, limit) =>
    (
      await selectDoctors(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    ).map(toDoctor),
  );
}

export async function getDoctor(db: Db, caller: StaffContext, id: string): Promise<Doctor> {
  const [row] = await selectDoctors(db).where(and(eq(doctors.id, id), eq(doctors.organisationId, caller.organisationId)));
  if (!row) throw new NotFoundError('Doctor not found');
  return toDoctor(row);
}

/** The partial unique indexes on (organisation, e-mail) and (organisation, phone) decide. */
async function withDuplicateCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'doctors_organisation_email_unique') {
      throw new ConflictError('Another doctor already has this e-mail address', [{ path: 'email', message: 'Another doctor already has this e-mail address' }]);
    }
    if (constraint === 'doctors_organisation_phone_unique') {
      throw new ConflictError('Another doctor already has this phone number', [{ path: 'phone', message: 'Another doctor already has this phone number' }]);
    }
    throw error;
  }
}

export async function createDoctor(db: Db, caller: StaffContext, input: DoctorCreate): Promise<Doctor> {
  assertMayChangeExtras(caller, 0, input.extraPerDay);
  const id = await withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      const facilityId = await resolveFacilityId(tx, caller, input.facilityId);
      const [row] = await tx
        .insert(doctors)
        .values({ ...input, facilityId, organisationId: caller.organisationId, nameKey: searchKey(input.name) })
        .returning({ id: doctors.id });
      return row!.id;
    }),
  );
  return getDoctor(db, caller, id);
}

export async function updateDoctor(db: Db, caller: StaffContext, id: string, changes: DoctorChanges): Promise<Doctor> {
  await withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      if ((changes.extraPerDay !== undefined && caller.role !== 'ADMIN') || changes.leaveDates !== undefined) {
        const [current] = await tx
          .select({ extraPerDay: doctors.extraPerDay, leaveDates: doctors.leaveDates })
          .from(doctors)
          .where(and(eq(doctors.id, id), eq(doctors.organisationId, caller.organisationId)))
          .for('update');
        if (!current) throw new NotFoundError('Doctor not found');
        assertMayChangeExtras(caller, current.extraPerDay, changes.extraPerDay);
        // Leave over days with visits still to happen goes through POST /doctors/:id/leave (leave.ts).
        await assertLeaveFree(tx, caller, id, current.leaveDates, changes.leaveDates);
      }
      const { facilityId, ...rest } = changes;
      const values: Partial<typeof doctors.$inferInsert> = { ...rest, updatedAt: new Date() };
      if (changes.name !== undefined) values.nameKey = searchKey(changes.name);
      if (facilityId !== undefined) values.facilityId = await resolveFacilityId(tx, caller, facilityId);
      const [row] = await tx
        .update(doctors)
        .set(values)
        .where(and(eq(doctors.id, id), eq(doctors.organisationId, caller.organisationId)))
        .returning({ id: doctors.id });
      if (!row) throw new NotFoundError('Doctor not found');
    }),
  );
  return getDoctor(db, caller, id);
}

/** A doctor with appointments is kept for their history: deactivate instead (issue #3). */
export async function deleteDoctor(db: Db, caller: StaffContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: doctors.id })
      .from(doctors)
      .where(and(eq(doctors.id, id), eq(doctors.organisationId, caller.organisationId)))
      .for('update');
    if (!row) throw new NotFoundError('Doctor not found');
    if (await hasVisits(tx, 'doctor', id)) throw new ConflictError('Has appointments: deactivate instead');
    await tx.delete(doctors).where(eq(doctors.id, id));
  });
}

export const doctorCsvColumns: CsvColumn<Doctor>[] = [
  { header: 'Name', value: (d) => d.name },
  { header: 'Specialization', value: (d) => d.specialization },
  { header: 'Qualifications', value: (d) => d.qualifications },
  { header: 'Experience (years)', value: (d) => d.experienceYears },
  { header: 'Consultation fee (₹)', value: (d) => rupees(d.consultationFeePaise) },
  { header: 'Phone', value: (d) => d.phone },
  { header: 'E-mail', value: (d) => d.email },
  { header: 'Facility', value: (d) => d.facilityName },
  { header: 'Room', value: (d) => d.room },
  { header: 'Slot (minutes)', value: (d) => d.slotMinutes },
  { header: 'Patients per slot', value: (d) => d.patientsPerSlot },
  { header: 'Weekly availability', value: (d) => describeAvailability(d.availability) },
  { header: 'Active', value: (d) => (d.active ? 'Yes' : 'No') },
  { header: 'Created', value: (d) => d.createdAt },
];
