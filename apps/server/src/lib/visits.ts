import type { Db } from '../db/client.js';

export type VisitOwner = 'doctor' | 'service' | 'patient';

/**
 * Whether a doctor, service or patient has appointments or bookings: such records are kept
 * (deactivated) rather than deleted, so the history of visits stays whole.
 * Appointments and bookings arrive in issue #4, which adds the real check here; until then
 * no record has visits.
 */
export async function hasVisits(_db: Db, _owner: VisitOwner, _id: string): Promise<boolean> {
  return false;
}
