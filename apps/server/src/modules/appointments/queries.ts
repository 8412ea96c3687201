import { tokenLabel, type Appointment, type appointmentListQuerySchema, type AppointmentSummary } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appointments, doctors, patients } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';
import { offsetOf } from '../../lib/list-query.js';
import { appointmentKind, countVisits, visitHistory, visitListOrder, visitListWhere } from '../visits/index.js';

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
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
};

const columns = {
  ...appointmentVisitColumns,
  facilityId: appointments.facilityId,
  patientPhone: patients.phone,
  notes: appointments.notes,
};

function selectAppointments(db: Db) {
  return db
    .select(columns)
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId));
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
  patientName: patients.name,
  patientPhone: patients.phone,
  status: appointments.status,
  doctorId: appointments.doctorId,
  doctorName: doctors.name,
  specialization: doctors.specialization,
};

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(patients, eq(patients.id, appointments.patientId));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary({ tokenPrefix, ...row }: SummaryRow): AppointmentSummary {
  return { ...row, tokenLabel: tokenLabel(row.tokenNumber, tokenPrefix) };
}

function toAppointment({ tokenPrefix, ...row }: AppointmentRow): Appointment {
  return {
    ...row,
    tokenLabel: tokenLabel(row.tokenNumber, tokenPrefix),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAppointments(db: Db, caller: StaffContext, filters: AppointmentFilters) {
  const where = visitListWhere(appointmentKind, caller.organisationId, filters, filters.doctorId);
  const [rows, total] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...visitListOrder(appointmentKind, filters))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    countVisits(db, appointmentKind, where),
  ]);
  return { data: rows.map(toSummary), total, page: filters.page, pageSize: filters.pageSize };
}

/** One appointment of the caller's organisation, with its history oldest first. */
export async function getAppointment(db: Db, caller: StaffContext, id: string): Promise<Appointment> {
  const [row] = await selectAppointments(db).where(and(eq(appointments.id, id), eq(appointments.organisationId, caller.organisationId)));
  if (!row) throw new NotFoundError('Appointment not found');
  return { ...toAppointment(row), history: await visitHistory(db, appointmentKind, id) };
}
