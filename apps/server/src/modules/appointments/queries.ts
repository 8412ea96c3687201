import { type Appointment, type appointmentListQuerySchema, type AppointmentSummary } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appointments, doctors, patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import type { CsvColumn } from '../../lib/csv.js';
import { pageOf } from '../../lib/list-query.js';
import {
  appointmentKind,
  bookedVisitFields,
  oneVisit,
  visitBatches,
  visitCsvColumns,
  visitHistory,
  visitListWhere,
  visitPage,
  withTokenLabel,
  type BookedVisit,
} from '../visits/index.js';

export type AppointmentFilters = z.output<typeof appointmentListQuerySchema>;

/** What every view of an appointment shows (the console's list, the patient app's). */
export const appointmentVisitColumns = {
  id: appointments.id,
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
  awaitingConfirmation: appointments.awaitingConfirmation,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
};

const columns = {
  ...appointmentVisitColumns,
  facilityId: appointments.facilityId,
  patientPhone: patients.phone,
  notes: appointments.notes,
  overbooked: appointments.overbooked,
  seriesId: appointments.seriesId,
};

function selectAppointments(db: Db) {
  return db.select(columns).from(appointments).innerJoin(doctors, eq(doctors.id, appointments.doctorId)).innerJoin(patients, eq(patients.id, appointments.patientId)).$dynamic();
}
type AppointmentRow = Awaited<ReturnType<ReturnType<typeof selectAppointments>['execute']>>[number];

// What the list and its calendar show, no more (issue 13): a page of 200 must not carry the
// reasons and notes of 200 visits; those stay on the one record, whose read is audited.
const summaryColumns = {
  id: appointments.id,
  tokenNumber: appointments.tokenNumber,
  tokenPrefix: doctors.tokenPrefix,
  date: appointments.date,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  patientId: appointments.patientId,
  patientName: patients.name,
  patientPhone: patients.phone,
  status: appointments.status,
  awaitingConfirmation: appointments.awaitingConfirmation,
  overbooked: appointments.overbooked,
  doctorId: appointments.doctorId,
  doctorName: doctors.name,
  specialization: doctors.specialization,
};

export function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .$dynamic();
}

function toAppointment(row: AppointmentRow): Appointment {
  return { ...withTokenLabel(row), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listAppointments(db: Db, caller: StaffContext, filters: AppointmentFilters) {
  const where = visitListWhere(appointmentKind, caller.organisationId, filters, filters.doctorId);
  const { rows, total } = await visitPage(db, appointmentKind, selectSummaries(db), where, filters);
  return pageOf(
    filters,
    rows.map((row): AppointmentSummary => withTokenLabel(row)),
    total,
  );
}

// An export's row: the list's visit, with what a desk's spreadsheet adds (UHID, money, source, reasons).
const exportColumns = {
  date: appointments.date,
  startTime: appointments.startTime,
  tokenNumber: appointments.tokenNumber,
  tokenPrefix: doctors.tokenPrefix,
  patientName: patients.name,
  uhid: patients.uhid,
  patientPhone: patients.phone,
  doctorName: doctors.name,
  specialization: doctors.specialization,
  status: appointments.status,
  awaitingConfirmation: appointments.awaitingConfirmation,
  paymentStatus: appointments.paymentStatus,
  amountPaise: appointments.feePaise,
  source: appointments.source,
  reason: appointments.reason,
  cancelReason: appointments.cancelReason,
  createdAt: appointments.createdAt,
};

function selectExportRows(db: Db) {
  return db
    .select(exportColumns)
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .$dynamic();
}
type AppointmentExportRow = Awaited<ReturnType<ReturnType<typeof selectExportRows>['execute']>>[number];

/** GET /appointments/export.csv: every appointment the list's filters match, in its order, a batch at a time. */
export function exportAppointments(db: Db, caller: StaffContext, filters: AppointmentFilters) {
  const where = visitListWhere(appointmentKind, caller.organisationId, filters, filters.doctorId);
  return visitBatches(appointmentKind, () => selectExportRows(db), where, filters);
}

export const appointmentCsvColumns: CsvColumn<AppointmentExportRow>[] = visitCsvColumns<AppointmentExportRow>(
  [
    { header: 'Doctor', value: (a) => a.doctorName },
    { header: 'Specialization', value: (a) => a.specialization },
  ],
  'Fee (₹)',
);

/** One appointment of the caller's organisation, with its history oldest first. */
export async function getAppointment(db: Db, caller: StaffContext, id: string): Promise<Appointment> {
  const row = await oneVisit(appointmentKind, selectAppointments(db), id, eq(appointments.organisationId, caller.organisationId));
  return { ...toAppointment(row), history: await visitHistory(db, appointmentKind, id) };
}

/**
 * The 201 of a booking, from what its statements read and wrote: the same record GET
 * /appointments/{id} answers, without reading it back (two statements per booking).
 */
export function bookedAppointment(visit: BookedVisit): Appointment {
  const doctor = visit.ownerRow as typeof doctors.$inferSelect;
  return {
    ...bookedVisitFields(visit, doctor.tokenPrefix),
    doctorId: doctor.id,
    doctorName: doctor.name,
    specialization: doctor.specialization,
    feePaise: visit.amountPaise,
    seriesId: visit.seriesId,
  };
}
