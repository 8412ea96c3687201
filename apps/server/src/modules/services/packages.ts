import type { Service, ServiceKind } from '@caredesk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { servicePackageItems, services } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, ConflictError } from '../../lib/errors.js';

/** A package's items in order, as the service's reply shows them (empty unless it is one). */
export const packageItemsSql = sql<Service['packageItems']>`coalesce((
  select json_agg(json_build_object('serviceId', i.id, 'name', i.name, 'kind', i.kind, 'active', i.active) order by pi.position)
    from ${servicePackageItems} pi join ${services} i on i.id = pi.item_id
   where pi.package_id = ${services.id}), '[]'::json)`;

/** What a patient reads of a package in the app: the names of the tests it holds that are still offered. */
export const packageItemNamesSql = sql<string[]>`coalesce((
  select json_agg(i.name order by pi.position)
    from ${servicePackageItems} pi join ${services} i on i.id = pi.item_id and i.active
   where pi.package_id = ${services.id}), '[]'::json)`;

const field = 'packageItemIds';

function refuse(message: string): never {
  throw new BadRequestError(message, [{ path: field, message }]);
}

/**
 * Package edits in one organisation wait for each other: otherwise two scans made packages of each
 * other at the same moment would each see the other as a plain test, and a package would hold a
 * package. Edits are rare, so one key per organisation costs nothing.
 */
async function lockPackages(tx: Tx, organisationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`service-packages:${organisationId}`}, 0))`);
}

/**
 * Sets what a package holds (an empty list makes it a single scan or test again). Its items are
 * the organisation's own scans and tests, none of them a package, and a package is never itself
 * an item: one level, so a booking's tests are a flat list. Bookings already made keep the tests
 * they were booked with (booking_tests).
 */
export async function setPackageItems(tx: Tx, caller: StaffContext, packageId: string, kind: ServiceKind, ids: readonly string[]): Promise<void> {
  await lockPackages(tx, caller.organisationId);
  if (ids.length > 0) {
    if (kind === 'OTHER') refuse('Only a scan or test can be a package');
    if (ids.includes(packageId)) refuse('A package cannot hold itself');
    const items = await tx
      .select({ id: services.id, kind: services.kind, name: services.name })
      .from(services)
      .where(and(inArray(services.id, [...ids]), eq(services.organisationId, caller.organisationId)));
    // Another organisation's service is as unknown as a missing one.
    if (items.length !== ids.length || items.some((item) => item.kind === 'OTHER')) refuse('Choose scans and tests of this organisation');
    const [nested] = await tx
      .select({ name: services.name })
      .from(services)
      .where(and(inArray(services.id, [...ids]), sql`exists (select 1 from ${servicePackageItems} pi where pi.package_id = ${services.id})`))
      .limit(1);
    if (nested) refuse(`${nested.name} is a package: a package holds single scans and tests`);
    const [holder] = await tx
      .select({ name: services.name })
      .from(servicePackageItems)
      .innerJoin(services, eq(services.id, servicePackageItems.packageId))
      .where(eq(servicePackageItems.itemId, packageId))
      .limit(1);
    if (holder)
      throw new ConflictError(`This test is in the package ${holder.name}: a package cannot hold another package`, [{ path: field, message: `In the package ${holder.name}` }]);
  }
  await tx.delete(servicePackageItems).where(eq(servicePackageItems.packageId, packageId));
  if (ids.length > 0) await tx.insert(servicePackageItems).values(ids.map((itemId, position) => ({ packageId, itemId, position })));
}
