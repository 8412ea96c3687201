import { managesFacilities, type Facility, type FacilityInput } from '@caredesk/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bills, doctors, facilities, services } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';

export const SINGLE_FACILITY_MESSAGE = 'This organisation has a single facility';

function toFacility(row: typeof facilities.$inferSelect): Facility {
  return { id: row.id, name: row.name, address: row.address, phone: row.phone, createdAt: row.createdAt.toISOString() };
}

function ofCaller(caller: StaffContext, id: string) {
  return and(eq(facilities.id, id), eq(facilities.organisationId, caller.organisationId));
}

/** Only multi-hospital operators add, rename or remove facilities; other types keep their one. */
function assertManagesFacilities(caller: StaffContext): void {
  if (!managesFacilities(caller.organisationType)) throw new ForbiddenError(SINGLE_FACILITY_MESSAGE);
}

async function withNameConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error) !== undefined) {
      throw new ConflictError('A facility with this name already exists', [{ path: 'name', message: 'A facility with this name already exists' }]);
    }
    throw error;
  }
}

export async function listFacilities(db: Db, caller: StaffContext): Promise<{ data: Facility[] }> {
  const rows = await db
    .select()
    .from(facilities)
    .where(eq(facilities.organisationId, caller.organisationId))
    .orderBy(asc(facilities.createdAt), asc(facilities.name), asc(facilities.id));
  return { data: rows.map(toFacility) };
}

export async function getFacility(db: Db, caller: StaffContext, id: string): Promise<Facility> {
  const [row] = await db.select().from(facilities).where(ofCaller(caller, id));
  if (!row) throw new NotFoundError('Facility not found');
  return toFacility(row);
}

export async function createFacility(db: Db, caller: StaffContext, input: FacilityInput): Promise<Facility> {
  assertManagesFacilities(caller);
  const [row] = await withNameConflict(() =>
    db
      .insert(facilities)
      .values({ ...input, organisationId: caller.organisationId })
      .returning(),
  );
  return toFacility(row!);
}

export async function updateFacility(db: Db, caller: StaffContext, id: string, input: Partial<FacilityInput>): Promise<Facility> {
  assertManagesFacilities(caller);
  const [row] = await withNameConflict(() => db.update(facilities).set(input).where(ofCaller(caller, id)).returning());
  if (!row) throw new NotFoundError('Facility not found');
  return toFacility(row);
}

/**
 * A facility goes only when nothing points at it and it is not the last one. Its row and its
 * organisation's other facilities are locked first: a doctor inserted meanwhile waits (its
 * foreign key takes a share lock), and two deletes of the last two facilities run one by one.
 */
export async function deleteFacility(db: Db, caller: StaffContext, id: string): Promise<void> {
  assertManagesFacilities(caller);
  await db.transaction(async (tx) => {
    const siblings = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.organisationId, caller.organisationId)).orderBy(asc(facilities.id)).for('update');
    if (!siblings.some((facility) => facility.id === id)) throw new NotFoundError('Facility not found');
    if (siblings.length <= 1) throw new ConflictError('The last facility cannot be deleted');
    const [doctorCount, serviceCount] = await Promise.all([
      tx
        .select({ n: count() })
        .from(doctors)
        .where(and(eq(doctors.organisationId, caller.organisationId), eq(doctors.facilityId, id))),
      tx
        .select({ n: count() })
        .from(services)
        .where(and(eq(services.organisationId, caller.organisationId), eq(services.facilityId, id))),
    ]);
    if ((doctorCount[0]?.n ?? 0) > 0 || (serviceCount[0]?.n ?? 0) > 0) {
      throw new ConflictError('This facility still has doctors or services: move them to another facility first');
    }
    // Its bills, receipts and credit notes are numbered in its book: they outlive it only with it.
    const [billed] = await tx
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.organisationId, caller.organisationId), eq(bills.facilityId, id)))
      .limit(1);
    if (billed) throw new ConflictError('This facility has bills: it stays for its accounts');
    await tx.delete(facilities).where(ofCaller(caller, id));
  });
}

/**
 * The facility a doctor or service is saved with. A facilityId given must be one of the caller's
 * organisation (else 400 naming it), locked against deletion until the transaction ends.
 * Organisations with a single facility never choose: theirs is set automatically.
 */
export async function resolveFacilityId(db: Db, caller: StaffContext, requested: string | null | undefined): Promise<string | null> {
  if (requested) {
    const [row] = await db.select({ id: facilities.id }).from(facilities).where(ofCaller(caller, requested)).for('key share');
    if (!row) throw new BadRequestError('facilityId: Choose one of your facilities', [{ path: 'facilityId', message: 'Choose one of your facilities' }]);
    return row.id;
  }
  if (managesFacilities(caller.organisationType)) return null;
  const [single] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.organisationId, caller.organisationId))
    .orderBy(asc(facilities.createdAt), asc(facilities.id))
    .limit(1)
    .for('key share');
  return single?.id ?? null;
}
