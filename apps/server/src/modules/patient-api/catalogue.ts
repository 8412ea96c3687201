import {
  canAccessArea,
  type MenuArea,
  type OrganisationType,
  type PatientDoctor,
  type patientDoctorListQuerySchema,
  type PatientService,
  type patientServiceListQuerySchema,
  type SlotsResponse,
} from '@caredesk/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { doctors, facilities, organisations, services } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { nameKeyMatches, offsetOf, pageOf } from '../../lib/list-query.js';
import { appointmentKind, BOOKABLE_KINDS, bookingKind, listFreeSlots } from '../visits/index.js';
import { facilityRef } from './visits.js';

export type PatientDoctorFilters = z.output<typeof patientDoctorListQuerySchema>;
export type PatientServiceFilters = z.output<typeof patientServiceListQuerySchema>;

/** An organisation by the id in the path; unknown ids are 404 like any other. */
export async function organisationFor(db: Db, organisationId: string): Promise<{ id: string; name: string; type: OrganisationType }> {
  const [row] = await db.select({ id: organisations.id, name: organisations.name, type: organisations.type }).from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw new NotFoundError('Organisation not found');
  return row;
}

/**
 * Whether the organisation takes a kind of visit at all: its administrator's menu shows the area
 * (a scan centre has no Appointments, a clinic no Bookings). Otherwise nobody there would see,
 * or be notified of, what a patient books.
 */
async function organisationTakes(db: Db, organisationId: string, area: MenuArea): Promise<boolean> {
  const organisation = await organisationFor(db, organisationId);
  return canAccessArea(organisation.type, 'ADMIN', area);
}

/**
 * A doctor a patient may book: active, of that organisation, which takes appointments. Anything
 * else is "not found", so the app never learns of inactive doctors or other organisations' ids.
 */
export async function bookableDoctor(db: Db, organisationId: string, doctorId: string): Promise<void> {
  const [row] = (await organisationTakes(db, organisationId, 'appointments'))
    ? await db
        .select({ id: doctors.id })
        .from(doctors)
        .where(and(eq(doctors.id, doctorId), eq(doctors.organisationId, organisationId), eq(doctors.active, true)))
    : [];
  if (!row) throw new NotFoundError('Doctor not found');
}

/** As bookableDoctor, for an active scan or test of an organisation that takes bookings. */
export async function bookableService(db: Db, organisationId: string, serviceId: string): Promise<void> {
  const [row] = (await organisationTakes(db, organisationId, 'bookings'))
    ? await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.id, serviceId), eq(services.organisationId, organisationId), eq(services.active, true), inArray(services.kind, BOOKABLE_KINDS)))
    : [];
  if (!row) throw new NotFoundError('Scan or test not found');
}

/** GET /api/patient/organisations/:orgId/doctors: active doctors by name, with fee and facility. */
export async function listOrganisationDoctors(db: Db, organisationId: string, filters: PatientDoctorFilters) {
  if (!(await organisationTakes(db, organisationId, 'appointments'))) return pageOf<PatientDoctor>(filters, [], 0);
  const where = and(
    eq(doctors.organisationId, organisationId),
    eq(doctors.active, true),
    filters.search ? nameKeyMatches(doctors.nameKey, filters.search) : undefined,
    filters.specialization ? eq(doctors.specialization, filters.specialization) : undefined,
  );
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
  return pageOf(
    filters,
    rows.map(({ facilityId, facilityName, ...doctor }): PatientDoctor => ({ ...doctor, facility: facilityRef(facilityId, facilityName) })),
    totals[0]?.n,
  );
}

/** GET /api/patient/organisations/:orgId/services: active scans and tests by kind and name, with prices. */
export async function listOrganisationServices(db: Db, organisationId: string, filters: PatientServiceFilters) {
  if (!(await organisationTakes(db, organisationId, 'bookings'))) return pageOf<PatientService>(filters, [], 0);
  const where: SQL | undefined = and(
    eq(services.organisationId, organisationId),
    eq(services.active, true),
    inArray(services.kind, filters.kind ? [filters.kind] : BOOKABLE_KINDS),
    filters.search ? nameKeyMatches(services.nameKey, filters.search) : undefined,
    filters.category ? eq(services.category, filters.category) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: services.id,
        kind: services.kind,
        name: services.name,
        category: services.category,
        description: services.description,
        pricePaise: services.pricePaise,
        durationMinutes: services.durationMinutes,
        preparation: services.preparation,
        reportTurnaroundHours: services.reportTurnaroundHours,
        imageUrl: services.imageUrl,
        facilityId: facilities.id,
        facilityName: facilities.name,
      })
      .from(services)
      .leftJoin(facilities, eq(facilities.id, services.facilityId))
      .where(where)
      .orderBy(asc(services.kind), asc(services.nameKey), asc(services.id))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return pageOf(
    filters,
    rows.map(({ facilityId, facilityName, ...service }): PatientService => ({ ...service, facility: facilityRef(facilityId, facilityName) })),
    totals[0]?.n,
  );
}

/** GET …/doctors/:id/slots?date=: the same engine as the console's. */
export async function listBookableDoctorSlots(db: Db, organisationId: string, doctorId: string, date: string): Promise<SlotsResponse> {
  await bookableDoctor(db, organisationId, doctorId);
  return listFreeSlots(db, appointmentKind, organisationId, doctorId, date);
}

/** GET …/services/:id/slots?date=. */
export async function listBookableServiceSlots(db: Db, organisationId: string, serviceId: string, date: string): Promise<SlotsResponse> {
  await bookableService(db, organisationId, serviceId);
  return listFreeSlots(db, bookingKind, organisationId, serviceId, date);
}
