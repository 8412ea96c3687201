import { type PatientBooking, type patientBookingCreateSchema } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bookings, bookingTests, facilities, organisations, patients, services } from '../../db/schema/index.js';
import { bookingVisitColumns } from '../bookings/index.js';
import { bookingKind } from '../visits/index.js';
import { assertOnlineWindow, bookableService } from './catalogue.js';
import { ownVisitsOf, toPatientVisit } from './visits.js';

export type PatientBookingInput = z.output<typeof patientBookingCreateSchema>;

const columns = {
  ...bookingVisitColumns,
  organisationId: bookings.organisationId,
  organisationName: organisations.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
  // A package's tests by name and status, in order: what the app shows and opens reports by.
  tests: sql<PatientBooking['tests']>`coalesce((
    select json_agg(json_build_object('id', t.id, 'name', s.name, 'status', t.status) order by t.position)
      from ${bookingTests} t join ${services} s on s.id = t.service_id
     where t.booking_id = ${bookings.id}), '[]'::json)`,
};

/** /api/patient/bookings: a scan or test slot, through the console's booking (source APP). */
export const ownBookings = ownVisitsOf({
  kind: bookingKind,
  select: (db: Db) =>
    db
      .select(columns)
      .from(bookings)
      .innerJoin(patients, eq(patients.id, bookings.patientId))
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .innerJoin(organisations, eq(organisations.id, bookings.organisationId))
      .leftJoin(facilities, eq(facilities.id, bookings.facilityId))
      .$dynamic(),
  toVisit: (row): PatientBooking => toPatientVisit(row),
  bookable: async (db, input: PatientBookingInput) => assertOnlineWindow(await bookableService(db, input.organisationId, input.serviceId), input.date, input.startTime),
  visitOf: (input, patientId) => ({ serviceId: input.serviceId, patientId, date: input.date, startTime: input.startTime, reason: input.reason ?? null, source: 'APP' }),
});
