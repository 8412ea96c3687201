import {
  areaOfServiceKind,
  canAccessArea,
  searchKey,
  serviceKinds,
  type Service,
  type ServiceKind,
  type serviceInputSchema,
  type serviceListQuerySchema,
  type serviceUpdateSchema,
} from '@caredesk/shared';
import { and, count, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { facilities, services } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { describeAvailability, inBatches, rupees, type CsvColumn } from '../../lib/csv.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { nameKeyMatches, offsetOf, orderByWithTiebreak } from '../../lib/list-query.js';
import { assertMayChangeExtras, hasVisits } from '../visits/index.js';
import { resolveFacilityId } from '../facilities/index.js';
import { packageItemsSql, setPackageItems } from './packages.js';

export type ServiceCreate = z.output<typeof serviceInputSchema>;
export type ServiceChanges = z.output<typeof serviceUpdateSchema>;
export type ServiceFilters = z.output<typeof serviceListQuerySchema>;

const { organisationId: _organisationId, nameKey: _nameKey, ...serviceFields } = getTableColumns(services);
const serviceColumns = { ...serviceFields, facilityName: facilities.name, packageItems: packageItemsSql };
type ServiceRow = Omit<typeof services.$inferSelect, 'organisationId' | 'nameKey'> & { facilityName: string | null; packageItems: Service['packageItems'] };

function toService(row: ServiceRow): Service {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Scans and tests belong to the 'scans' menu area, other services to 'services': a caller sees
 * and changes only the kinds its menu shows (a hospital's staff: other services only).
 */
export function kindsFor(caller: StaffContext): ServiceKind[] {
  return serviceKinds.filter((kind) => canAccessArea(caller.organisationType, caller.role, areaOfServiceKind(kind)));
}

function assertKindAllowed(caller: StaffContext, kind: ServiceKind): void {
  if (!kindsFor(caller).includes(kind)) throw new ForbiddenError();
}

const sortColumns = {
  name: services.nameKey,
  category: services.category,
  price: services.pricePaise,
  createdAt: services.createdAt,
} as const;

function matching(caller: StaffContext, filters: ServiceFilters): SQL {
  const allowed = kindsFor(caller);
  const kinds = filters.kind ?? allowed;
  if (kinds.some((kind) => !allowed.includes(kind))) throw new ForbiddenError();
  const conditions: (SQL | undefined)[] = [eq(services.organisationId, caller.organisationId), inArray(services.kind, kinds)];
  if (filters.search) conditions.push(nameKeyMatches(services.nameKey, filters.search));
  if (filters.category) conditions.push(eq(services.category, filters.category));
  if (filters.facilityId) conditions.push(eq(services.facilityId, filters.facilityId));
  if (filters.active !== undefined) conditions.push(eq(services.active, filters.active));
  return and(...conditions)!;
}

function selectServices(db: Db) {
  return db.select(serviceColumns).from(services).leftJoin(facilities, eq(facilities.id, services.facilityId));
}

export async function listServices(db: Db, caller: StaffContext, filters: ServiceFilters) {
  const where = matching(caller, filters);
  const [rows, totals] = await Promise.all([
    selectServices(db)
      .where(where)
      .orderBy(...orderByWithTiebreak(sortColumns[filters.sort], filters.order, services.id))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return { data: rows.map(toService), total: totals[0]?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

export function exportServices(db: Db, caller: StaffContext, filters: ServiceFilters): AsyncGenerator<Service[]> {
  const where = matching(caller, filters);
  const order = orderByWithTiebreak(sortColumns[filters.sort], filters.order, services.id);
  return inBatches(async (offset, limit) =>
    (
      await selectServices(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    ).map(toService),
  );
}

/** Tenancy first (another organisation's id is 404), then the kind's menu area (403). */
export async function getService(db: Db, caller: StaffContext, id: string): Promise<Service> {
  const [row] = await selectServices(db).where(and(eq(services.id, id), eq(services.organisationId, caller.organisationId)));
  if (!row) throw new NotFoundError('Service not found');
  assertKindAllowed(caller, row.kind);
  return toService(row);
}

/** One name per kind and facility in an organisation (services_unique_name decides). */
async function withDuplicateCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error) === 'services_unique_name') {
      throw new ConflictError('A service with this name already exists here', [{ path: 'name', message: 'A service with this name already exists here' }]);
    }
    throw error;
  }
}

export async function createService(db: Db, caller: StaffContext, input: ServiceCreate): Promise<Service> {
  assertKindAllowed(caller, input.kind);
  assertMayChangeExtras(caller, 0, input.extraPerDay);
  const id = await withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      const { packageItemIds, ...fields } = input;
      const facilityId = await resolveFacilityId(tx, caller, fields.facilityId);
      const [row] = await tx
        .insert(services)
        .values({ ...fields, facilityId, organisationId: caller.organisationId, nameKey: searchKey(fields.name) })
        .returning({ id: services.id });
      if (packageItemIds.length > 0) await setPackageItems(tx, caller, row!.id, fields.kind, packageItemIds);
      return row!.id;
    }),
  );
  return getService(db, caller, id);
}

/** Locks the caller's service and checks its kind before any change. */
async function lockService(tx: Db, caller: StaffContext, id: string): Promise<{ kind: ServiceKind; extraPerDay: number }> {
  const [row] = await tx
    .select({ kind: services.kind, extraPerDay: services.extraPerDay })
    .from(services)
    .where(and(eq(services.id, id), eq(services.organisationId, caller.organisationId)))
    .for('update');
  if (!row) throw new NotFoundError('Service not found');
  assertKindAllowed(caller, row.kind);
  return row;
}

export async function updateService(db: Db, caller: StaffContext, id: string, changes: ServiceChanges): Promise<Service> {
  await withDuplicateCheck(() =>
    db.transaction(async (tx) => {
      const current = await lockService(tx, caller, id);
      assertMayChangeExtras(caller, current.extraPerDay, changes.extraPerDay);
      const { facilityId, packageItemIds, ...rest } = changes;
      const values: Partial<typeof services.$inferInsert> = { ...rest, updatedAt: new Date() };
      if (changes.name !== undefined) values.nameKey = searchKey(changes.name);
      if (facilityId !== undefined) values.facilityId = await resolveFacilityId(tx, caller, facilityId);
      await tx
        .update(services)
        .set(values)
        .where(and(eq(services.id, id), eq(services.organisationId, caller.organisationId)));
      if (packageItemIds !== undefined) await setPackageItems(tx, caller, id, current.kind, packageItemIds);
    }),
  );
  return getService(db, caller, id);
}

/** A service with bookings is kept for their history: deactivate instead (issue #3). */
export async function deleteService(db: Db, caller: StaffContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockService(tx, caller, id);
    if (await hasVisits(tx, 'service', id)) throw new ConflictError('Has appointments: deactivate instead');
    await tx.delete(services).where(eq(services.id, id));
  });
}

export const serviceCsvColumns: CsvColumn<Service>[] = [
  { header: 'Name', value: (s) => s.name },
  { header: 'Kind', value: (s) => s.kind },
  { header: 'Category', value: (s) => s.category },
  { header: 'Price (₹)', value: (s) => rupees(s.pricePaise) },
  { header: 'Duration (minutes)', value: (s) => s.durationMinutes },
  { header: 'Preparation', value: (s) => s.preparation },
  { header: 'Report in (hours)', value: (s) => s.reportTurnaroundHours },
  { header: 'Facility', value: (s) => s.facilityName },
  { header: 'Room', value: (s) => s.room },
  { header: 'Capacity per slot', value: (s) => s.capacityPerSlot },
  { header: 'Weekly availability', value: (s) => describeAvailability(s.availability) },
  { header: 'Description', value: (s) => s.description },
  { header: 'Package of', value: (s) => s.packageItems.map((item) => item.name).join('; ') },
  { header: 'Active', value: (s) => (s.active ? 'Yes' : 'No') },
  { header: 'Created', value: (s) => s.createdAt },
];
