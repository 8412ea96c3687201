import { type PatientBooking, type patientBookingCreateSchema } from '@caredesk/shared';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bookings, facilities, organisations, patients, services } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { offsetOf } from '../../lib/list-query.js';
import { bookingKind, cancelVisitByPatient, type WriteOptions } from '../visits/index.js';
import type { PatientVisitQuery } from './appointments.js';
import type { PatientCaller } from './auth.js';
import { bookableService } from './catalogue.js';
import { bookForPatient, newestFirst, ownPatients, pageOf, toPatientVisit } from './visits.js';

export type PatientBookingInput = z.output<typeof patientBookingCreateSchema>;

/** POST /api/patient/bookings: a scan or test slot, through the console's booking (source APP). */
export async function bookBookingForPatient(db: Db, caller: PatientCaller, input: PatientBookingInput, options: WriteOptions = {}): Promise<PatientBooking> {
  await bookableService(db, input.organisationId, input.serviceId);
  const id = await bookForPatient(
    db,
    bookingKind,
    caller,
    input.organisationId,
    input.patient,
    (patientId) => ({ serviceId: input.serviceId, patientId, date: input.date, startTime: input.startTime, reason: input.reason ?? null, source: 'APP' }),
    options,
  );
  return getOwnBooking(db, caller, id);
}

function selectOwnBookings(db: Db) {
  return db
    .select({
      id: bookings.id,
      organisationId: bookings.organisationId,
      organisationName: organisations.name,
      facilityId: facilities.id,
      facilityName: facilities.name,
      serviceId: bookings.serviceId,
      serviceName: services.name,
      serviceKind: services.kind,
      category: services.category,
      tokenPrefix: services.tokenPrefix,
      patientId: bookings.patientId,
      patientName: patients.name,
      date: bookings.date,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      tokenNumber: bookings.tokenNumber,
      status: bookings.status,
      reason: bookings.reason,
      cancelReason: bookings.cancelReason,
      pricePaise: bookings.pricePaise,
      paymentStatus: bookings.paymentStatus,
      source: bookings.source,
      createdAt: bookings.createdAt,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .innerJoin(patients, eq(patients.id, bookings.patientId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(organisations, eq(organisations.id, bookings.organisationId))
    .leftJoin(facilities, eq(facilities.id, bookings.facilityId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectOwnBookings>['execute']>>[number];

function toPatientBooking(row: Row): PatientBooking {
  return toPatientVisit(row);
}

/** GET /api/patient/bookings: the account's scans and tests in every organisation, latest first. */
export async function listOwnBookings(db: Db, caller: PatientCaller, query: PatientVisitQuery) {
  const where = ownPatients(caller);
  const [rows, totals] = await Promise.all([
    selectOwnBookings(db)
      .where(where)
      .orderBy(...newestFirst(bookings))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(bookings).innerJoin(patients, eq(patients.id, bookings.patientId)).where(where),
  ]);
  return pageOf(query, rows.map(toPatientBooking), totals[0]?.n);
}

/** One of the account's bookings; another account's is "not found". */
export async function getOwnBooking(db: Db, caller: PatientCaller, id: string): Promise<PatientBooking> {
  const [row] = await selectOwnBookings(db).where(and(eq(bookings.id, id), ownPatients(caller)));
  if (!row) throw new NotFoundError('Booking not found');
  return toPatientBooking(row);
}

/** POST /api/patient/bookings/:id/cancel: the console's cancel, as the patient (staffId null). */
export async function cancelOwnBooking(db: Db, caller: PatientCaller, id: string, reason: string | undefined, options: WriteOptions = {}): Promise<PatientBooking> {
  const own = await getOwnBooking(db, caller, id);
  await cancelVisitByPatient(db, bookingKind, { organisationId: own.organisationId, staffId: null }, id, reason, options);
  return getOwnBooking(db, caller, id);
}
