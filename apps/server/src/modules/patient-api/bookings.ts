import { type PatientBooking, type patientBookingCreateSchema } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bookings, facilities, organisations, patients, services } from '../../db/schema/index.js';
import { bookingVisitColumns } from '../bookings/queries.js';
import { bookingKind, cancelVisitByPatient, type WriteOptions } from '../visits/index.js';
import type { PatientVisitQuery } from './appointments.js';
import type { PatientCaller } from './auth.js';
import { bookableService } from './catalogue.js';
import { bookForPatient, ownVisit, ownVisitPage, pageOf, toPatientVisit } from './visits.js';

export type PatientBookingInput = z.output<typeof patientBookingCreateSchema>;

/** POST /api/patient/bookings: a scan or test slot, through the console's booking (source APP). */
export async function bookScanOrTestForPatient(db: Db, caller: PatientCaller, input: PatientBookingInput, options: WriteOptions = {}): Promise<PatientBooking> {
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

const columns = {
  ...bookingVisitColumns,
  organisationId: bookings.organisationId,
  organisationName: organisations.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
};

function selectOwnBookings(db: Db) {
  return db
    .select(columns)
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
  const { rows, total } = await ownVisitPage(db, bookingKind, caller, query, selectOwnBookings(db).$dynamic());
  return pageOf(query, rows.map(toPatientBooking), total);
}

/** One of the account's bookings; another account's is "not found". */
export async function getOwnBooking(db: Db, caller: PatientCaller, id: string): Promise<PatientBooking> {
  return toPatientBooking(await ownVisit(bookingKind, caller, id, selectOwnBookings(db).$dynamic()));
}

/** POST /api/patient/bookings/:id/cancel: the console's cancel, as the patient (staffId null). */
export async function cancelOwnBooking(db: Db, caller: PatientCaller, id: string, reason: string | undefined, options: WriteOptions = {}): Promise<PatientBooking> {
  const own = await getOwnBooking(db, caller, id);
  await cancelVisitByPatient(db, bookingKind, { organisationId: own.organisationId, staffId: null }, id, reason, options);
  return getOwnBooking(db, caller, id);
}
