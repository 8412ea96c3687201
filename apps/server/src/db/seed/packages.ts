import type { bookings, bookingTests, servicePackageItems, services } from '../schema/index.js';
import { SCANS_AND_TESTS } from './record-data.js';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface DemoPackages {
  items: Row<typeof servicePackageItems>[];
  tests: Row<typeof bookingTests>[];
}

/**
 * The demo's health check as a real package: its tests (those of the catalogue the organisation
 * carries), and each of its bookings' tests as far as the visit has gone: done once completed,
 * the first done while the patient is being served, the rest still to do.
 */
export function buildDemoPackages(
  serviceRows: Pick<typeof services.$inferSelect, 'id' | 'name'>[],
  booked: Pick<Row<typeof bookings>, 'id' | 'serviceId' | 'organisationId' | 'status' | 'updatedAt'>[],
): DemoPackages {
  const idOf = new Map(serviceRows.map((row) => [row.name, row.id]));
  const items: DemoPackages['items'] = [];
  for (const item of SCANS_AND_TESTS) {
    const packageId = idOf.get(item.name);
    if (!packageId || !item.includes) continue;
    const itemIds = item.includes.map((name) => idOf.get(name)).filter((id): id is string => id !== undefined);
    items.push(...itemIds.map((itemId, position) => ({ packageId, itemId, position })));
  }
  const tests: DemoPackages['tests'] = [];
  for (const booking of booked) {
    const held = items.filter((item) => item.packageId === booking.serviceId);
    held.forEach((item, index) => {
      const done = booking.status === 'COMPLETED' || (booking.status === 'IN_PROGRESS' && index === 0);
      tests.push({
        bookingId: booking.id!,
        organisationId: booking.organisationId,
        serviceId: item.itemId,
        position: item.position,
        status: done ? 'DONE' : 'PENDING',
        doneAt: done ? (booking.updatedAt ?? null) : null,
      });
    });
  }
  return { items, tests };
}
