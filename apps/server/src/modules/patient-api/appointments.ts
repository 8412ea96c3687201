import { type PatientAppointment, type patientAppointmentCreateSchema, type patientVisitListQuerySchema } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appointments, doctors, facilities, organisations, patients } from '../../db/schema/index.js';
import { appointmentVisitColumns } from '../appointments/index.js';
import { appointmentKind } from '../visits/index.js';
import { assertOnlineWindow, bookableDoctor } from './catalogue.js';
import { ownVisitsOf, toPatientVisit } from './visits.js';

export type PatientAppointmentInput = z.output<typeof patientAppointmentCreateSchema>;
export type PatientVisitQuery = z.output<typeof patientVisitListQuerySchema>;

const columns = {
  ...appointmentVisitColumns,
  organisationId: appointments.organisationId,
  organisationName: organisations.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
};

/**
 * /api/patient/appointments: a doctor's slot, booked through the console's own booking (slot
 * lock, token, staff notifications, live update) with source APP and no staff creator.
 */
export const ownAppointments = ownVisitsOf({
  kind: appointmentKind,
  select: (db: Db) =>
    db
      .select(columns)
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
      .innerJoin(organisations, eq(organisations.id, appointments.organisationId))
      .leftJoin(facilities, eq(facilities.id, appointments.facilityId))
      .$dynamic(),
  toVisit: (row): PatientAppointment => toPatientVisit(row),
  bookable: async (db, input: PatientAppointmentInput) => assertOnlineWindow(await bookableDoctor(db, input.organisationId, input.doctorId), input.date, input.startTime),
  visitOf: (input, patientId) => ({ doctorId: input.doctorId, patientId, date: input.date, startTime: input.startTime, reason: input.reason ?? null, source: 'APP' }),
});
