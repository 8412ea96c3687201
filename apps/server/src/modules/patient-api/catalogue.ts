import { canAccessArea, type MenuArea, type OrganisationType, type PatientDoctor, type patientDoctorListQuerySchema, type SlotsResponse } from '@caredesk/shared';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { doctors, facilities, organisations } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { nameKeyMatches, offsetOf } from '../../lib/list-query.js';
import { listDoctorSlots } from '../appointments/slots.js';

export type PatientDoctorFilters = z.output<typeof patientDoctorListQuerySchema>;

/**
 * Whether an organisation of this type takes a kind of visit at all: its administrator's menu
 * shows the area (a scan centre has no Appointments, a clinic no Bookings). Otherwise nobody
 * there would see, or be notified of, what a patient books.
 */
export function offers(type: OrganisationType, area: MenuArea): boolean {
  return canAccessArea(type, 'ADMIN', area);
}

/** An organisation by the id in the path; unknown ids are 404 like any other. */
export async function organisationFor(db: Db, organisationId: string): Promise<{ id: string; name: string; type: OrganisationType }> {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, type: organisations.type })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError('Organisation not found');
  return row;
}

/**
 * A doctor a patient may book: active, of that organisation, which takes appointments. Anything
 * else is "not found", so the app never learns of inactive doctors or other organisations' ids.
 */
export async function bookableDoctor(db: Db, organisationId: string, doctorId: string): Promise<void> {
  const organisation = await organisationFor(db, organisationId);
  const [row] = offers(organisation.type, 'appointments')
    ? await db
        .select({ id: doctors.id })
        .from(doctors)
        .where(and(eq(doctors.id, doctorId), eq(doctors.organisationId, organisationId), eq(doctors.active, true)))
    : [];
  if (!row) throw new NotFoundError('Doctor not found');
}

/** GET /api/patient/organisations/:orgId/doctors: active doctors by name, with fee and facility. */
export async function listOrganisationDoctors(db: Db, organisationId: string, filters: PatientDoctorFilters) {
  const organisation = await organisationFor(db, organisationId);
  const empty = { data: [] as PatientDoctor[], total: 0, page: filters.page, pageSize: filters.pageSize };
  if (!offers(organisation.type, 'appointments')) return empty;
  const conditions: (SQL | undefined)[] = [eq(doctors.organisationId, organisationId), eq(doctors.active, true)];
  if (filters.search) conditions.push(nameKeyMatches(doctors.nameKey, filters.search));
  if (filters.specialization) conditions.push(eq(doctors.specialization, filters.specialization));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: doctors.id,
        name: doctors.name,
        specialization: doctors.specialization,
        qualifications: doctors.qualifications,
        experienceYears: doctors.experienceYears,
        feePaise: doctors.consultationFeePaise,
        photoUrl: doctors.photoUrl,
        facilityId: facilities.id,
        facilityName: facilities.name,
      })
      .from(doctors)
      .leftJoin(facilities, eq(facilities.id, doctors.facilityId))
      .where(where)
      .orderBy(asc(doctors.nameKey), asc(doctors.id))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(doctors).where(where),
  ]);
  const data = rows.map(({ facilityId, facilityName, ...doctor }): PatientDoctor => ({
    ...doctor,
    facility: facilityId && facilityName !== null ? { id: facilityId, name: facilityName } : null,
  }));
  return { ...empty, data, total: totals[0]?.n ?? 0 };
}

/** GET /api/patient/organisations/:orgId/doctors/:id/slots?date=: the same engine as the console's. */
export async function listBookableDoctorSlots(db: Db, organisationId: string, doctorId: string, date: string): Promise<SlotsResponse> {
  await bookableDoctor(db, organisationId, doctorId);
  return listDoctorSlots(db, { organisationId }, doctorId, date);
}
