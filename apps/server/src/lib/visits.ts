import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appointments } from '../db/schema/index.js';

export type VisitOwner = 'doctor' | 'service' | 'patient';

/**
 * Whether a doctor, service or patient has appointments or bookings: such records are kept
 * (deactivated) rather than deleted, so the history of visits stays whole.
 * Services have no bookings yet (scan/test bookings come later in issue #4), so they have none.
 */
export async function hasVisits(db: Db, owner: VisitOwner, id: string): Promise<boolean> {
  if (owner === 'service') return false;
  const column = owner === 'doctor' ? appointments.doctorId : appointments.patientId;
  const [row] = await db.select({ id: appointments.id }).from(appointments).where(eq(column, id)).limit(1);
  return row !== undefined;
}
