import type { SlotsResponse } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { doctors, organisations } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';
import { freeSlots, liveAppointmentCounts, zonedNow } from '../../lib/slots.js';

/**
 * The free slots of one of an organisation's doctors on a date: GET /api/doctors/:id/slots (the
 * staff caller's organisation) and the patient API (the organisation in the path).
 */
export async function listDoctorSlots(db: Db, scope: Pick<StaffContext, 'organisationId'>, doctorId: string, date: string, now = new Date()): Promise<SlotsResponse> {
  const [row] = await db
    .select({ doctor: doctors, timeZone: organisations.timeZone })
    .from(doctors)
    .innerJoin(organisations, eq(organisations.id, doctors.organisationId))
    .where(and(eq(doctors.id, doctorId), eq(doctors.organisationId, scope.organisationId)));
  if (!row) throw new NotFoundError('Doctor not found');
  const { doctor, timeZone } = row;
  // An inactive doctor takes no bookings, so shows no free slots.
  if (!doctor.active) return { date, timeZone, slots: [] };
  const schedule = { availability: doctor.availability, slotMinutes: doctor.slotMinutes, capacity: doctor.patientsPerSlot, leaveDates: doctor.leaveDates };
  return { date, timeZone, slots: freeSlots(schedule, date, await liveAppointmentCounts(db, doctor.id, date), zonedNow(timeZone, now)) };
}
