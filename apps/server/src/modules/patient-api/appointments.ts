import { type PatientAppointment, type patientAppointmentCreateSchema, type patientVisitListQuerySchema } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appointments, doctors, facilities, organisations, patients } from '../../db/schema/index.js';
import { appointmentVisitColumns } from '../appointments/queries.js';
import { appointmentKind, cancelVisitByPatient, type WriteOptions } from '../visits/index.js';
import type { PatientCaller } from './auth.js';
import { bookableDoctor } from './catalogue.js';
import { bookForPatient, ownVisit, ownVisitPage, pageOf, toPatientVisit } from './visits.js';

export type PatientAppointmentInput = z.output<typeof patientAppointmentCreateSchema>;
export type PatientVisitQuery = z.output<typeof patientVisitListQuerySchema>;

/**
 * POST /api/patient/appointments: books through the console's own booking (slot lock, token,
 * staff notifications, live update) with source APP and no staff creator.
 */
export async function bookAppointmentForPatient(db: Db, caller: PatientCaller, input: PatientAppointmentInput, options: WriteOptions = {}): Promise<PatientAppointment> {
  await bookableDoctor(db, input.organisationId, input.doctorId);
  const id = await bookForPatient(
    db,
    appointmentKind,
    caller,
    input.organisationId,
    input.patient,
    (patientId) => ({ doctorId: input.doctorId, patientId, date: input.date, startTime: input.startTime, reason: input.reason ?? null, source: 'APP' }),
    options,
  );
  return getOwnAppointment(db, caller, id);
}

const columns = {
  ...appointmentVisitColumns,
  organisationId: appointments.organisationId,
  organisationName: organisations.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
};

function selectOwnAppointments(db: Db) {
  return db
    .select(columns)
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(organisations, eq(organisations.id, appointments.organisationId))
    .leftJoin(facilities, eq(facilities.id, appointments.facilityId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectOwnAppointments>['execute']>>[number];

function toPatientAppointment(row: Row): PatientAppointment {
  return toPatientVisit(row);
}

/** GET /api/patient/appointments: the account's visits in every organisation, latest first. */
export async function listOwnAppointments(db: Db, caller: PatientCaller, query: PatientVisitQuery) {
  const { rows, total } = await ownVisitPage(db, appointmentKind, caller, query, selectOwnAppointments(db).$dynamic());
  return pageOf(query, rows.map(toPatientAppointment), total);
}

/** One of the account's appointments; another account's is "not found". */
export async function getOwnAppointment(db: Db, caller: PatientCaller, id: string): Promise<PatientAppointment> {
  return toPatientAppointment(await ownVisit(appointmentKind, caller, id, selectOwnAppointments(db).$dynamic()));
}

/** POST /api/patient/appointments/:id/cancel: the patient's own BOOKED or CHECKED_IN visit. */
export async function cancelOwnAppointment(db: Db, caller: PatientCaller, id: string, reason: string | undefined, options: WriteOptions = {}): Promise<PatientAppointment> {
  const own = await getOwnAppointment(db, caller, id);
  await cancelVisitByPatient(db, appointmentKind, { organisationId: own.organisationId, staffId: null }, id, reason, options);
  return getOwnAppointment(db, caller, id);
}
