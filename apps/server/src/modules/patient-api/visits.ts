import { phoneDigits, searchKey, tokenLabel, type PatientAppointment, type patientAppointmentCreateSchema, type patientVisitListQuerySchema, type visitPatientSchema } from '@caredesk/shared';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { appointments, doctors, facilities, organisations, patientAccounts, patients } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { offsetOf } from '../../lib/list-query.js';
import { bookAppointment, cancelAppointmentByPatient, type WriteOptions } from '../appointments/service.js';
import type { PatientCaller } from './auth.js';
import { bookableDoctor } from './catalogue.js';

export type PatientAppointmentInput = z.output<typeof patientAppointmentCreateSchema>;
export type VisitPatientInput = z.output<typeof visitPatientSchema>;
export type PatientVisitQuery = z.output<typeof patientVisitListQuerySchema>;

/**
 * The patient records an account may act for: those of any organisation carrying its phone
 * (a family sharing a phone shares its visits, as at the front desk). phone_digits is what the
 * patient indexes cover.
 */
export function ownPatients(caller: PatientCaller): SQL {
  return eq(patients.phoneDigits, phoneDigits(caller.phone));
}

/**
 * The patient record a booking is for, in that organisation: one of the account's own (else 404,
 * never confirming another phone's patient), or the family member by name, created with the
 * account's phone the first time.
 */
async function patientFor(tx: Tx, caller: PatientCaller, organisationId: string, choice: VisitPatientInput): Promise<string> {
  if (choice.patientId) {
    const [own] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, choice.patientId), eq(patients.organisationId, organisationId), ownPatients(caller)));
    if (!own) throw new NotFoundError('Patient not found');
    return own.id;
  }
  // The schema guarantees a name and gender when there is no patientId.
  const name = choice.name!;
  const nameKey = searchKey(name);
  const [existing] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), ownPatients(caller), eq(patients.nameKey, nameKey)))
    .orderBy(asc(patients.createdAt), asc(patients.id))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await tx
    .insert(patients)
    .values({
      organisationId,
      name,
      nameKey,
      phone: caller.phone,
      phoneDigits: phoneDigits(caller.phone),
      gender: choice.gender!,
      dateOfBirth: choice.dateOfBirth ?? null,
    })
    .returning({ id: patients.id });
  return created!.id;
}

/**
 * POST /api/patient/appointments: books through the console's own booking (slot lock, token,
 * staff notifications, live update) with source APP and no staff creator. The patient record is
 * found or created in the same transaction, so a full slot leaves no stray record behind.
 */
export async function bookAppointmentForPatient(db: Db, caller: PatientCaller, input: PatientAppointmentInput, options: WriteOptions = {}): Promise<PatientAppointment> {
  await bookableDoctor(db, input.organisationId, input.doctorId);
  const id = await db.transaction(async (tx) => {
    // One find-or-create at a time per account: two taps on "Book" make one new family member.
    await tx.select({ id: patientAccounts.id }).from(patientAccounts).where(eq(patientAccounts.id, caller.accountId)).for('update');
    const patientId = await patientFor(tx, caller, input.organisationId, input.patient);
    const actor = { organisationId: input.organisationId, staffId: null };
    const booking = { doctorId: input.doctorId, patientId, date: input.date, startTime: input.startTime, reason: input.reason ?? null, source: 'APP' as const };
    return bookAppointment(tx, actor, booking, options);
  });
  return getOwnAppointment(db, caller, id);
}

const columns = {
  id: appointments.id,
  organisationId: appointments.organisationId,
  organisationName: organisations.name,
  facilityId: facilities.id,
  facilityName: facilities.name,
  doctorId: appointments.doctorId,
  doctorName: doctors.name,
  specialization: doctors.specialization,
  tokenPrefix: doctors.tokenPrefix,
  patientId: appointments.patientId,
  patientName: patients.name,
  date: appointments.date,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  tokenNumber: appointments.tokenNumber,
  status: appointments.status,
  reason: appointments.reason,
  cancelReason: appointments.cancelReason,
  feePaise: appointments.feePaise,
  paymentStatus: appointments.paymentStatus,
  source: appointments.source,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
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

function toPatientAppointment({ tokenPrefix, facilityId, facilityName, ...row }: Row): PatientAppointment {
  return {
    ...row,
    facility: facilityId && facilityName !== null ? { id: facilityId, name: facilityName } : null,
    tokenLabel: tokenLabel(row.tokenNumber, tokenPrefix),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/patient/appointments: the account's visits in every organisation, latest first. */
export async function listOwnAppointments(db: Db, caller: PatientCaller, query: PatientVisitQuery) {
  const where = ownPatients(caller);
  const [rows, totals] = await Promise.all([
    selectOwnAppointments(db)
      .where(where)
      .orderBy(desc(appointments.date), desc(appointments.startTime), desc(appointments.createdAt), desc(appointments.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(appointments).innerJoin(patients, eq(patients.id, appointments.patientId)).where(where),
  ]);
  return { data: rows.map(toPatientAppointment), total: totals[0]?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One of the account's appointments; another account's is "not found". */
export async function getOwnAppointment(db: Db, caller: PatientCaller, id: string): Promise<PatientAppointment> {
  const [row] = await selectOwnAppointments(db).where(and(eq(appointments.id, id), ownPatients(caller)));
  if (!row) throw new NotFoundError('Appointment not found');
  return toPatientAppointment(row);
}

/** POST /api/patient/appointments/:id/cancel: the patient's own BOOKED or CHECKED_IN visit. */
export async function cancelOwnAppointment(db: Db, caller: PatientCaller, id: string, reason: string | undefined, options: WriteOptions = {}): Promise<PatientAppointment> {
  const own = await getOwnAppointment(db, caller, id);
  await cancelAppointmentByPatient(db, { organisationId: own.organisationId, staffId: null }, id, reason, options);
  return getOwnAppointment(db, caller, id);
}
