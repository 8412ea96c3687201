import { eq, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appointments, bookings } from '../db/schema/index.js';

export type VisitOwner = 'doctor' | 'service' | 'patient';

async function anyRow(db: Db, table: typeof appointments | typeof bookings, column: AnyColumn, id: string): Promise<boolean> {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(column, id)).limit(1);
  return row !== undefined;
}

/**
 * Whether a doctor, service or patient has appointments or bookings: such records are kept
 * (deactivated) rather than deleted, so the history of visits stays whole.
 */
export async function hasVisits(db: Db, owner: VisitOwner, id: string): Promise<boolean> {
  if (owner === 'doctor') return anyRow(db, appointments, appointments.doctorId, id);
  if (owner === 'service') return anyRow(db, bookings, bookings.serviceId, id);
  return (await anyRow(db, appointments, appointments.patientId, id)) || anyRow(db, bookings, bookings.patientId, id);
}
