import { tokenLabel, type Appointment, type appointmentListQuerySchema, type AppointmentSummary, type HistoryEntry } from '@caredesk/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appointmentHistory, appointments, doctors, patients, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';
import { digitsMatch, nameKeyMatches, offsetOf, phoneSearchDigits } from '../../lib/list-query.js';

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

/** 'A-007', '007' or '7': a token; a longer run of digits is a phone number. */
const TOKEN_SEARCH = /^(?:([a-z0-9]{1,3})-)?(\d{1,4})$/i;

function matching(caller: StaffContext, filters: AppointmentFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(appointments.organisationId, caller.organisationId)];
  if (filters.from) conditions.push(gte(appointments.date, filters.from));
  if (filters.to) conditions.push(lte(appointments.date, filters.to));
  if (filters.doctorId) conditions.push(eq(appointments.doctorId, filters.doctorId));
  if (filters.patientId) conditions.push(eq(appointments.patientId, filters.patientId));
  if (filters.status) conditions.push(inArray(appointments.status, filters.status));
  if (filters.search) {
    const [, prefix, token] = TOKEN_SEARCH.exec(filters.search) ?? [];
    const digits = phoneSearchDigits(filters.search);
    if (token) {
      conditions.push(eq(appointments.tokenNumber, Number(token)));
      if (prefix) conditions.push(eq(doctors.tokenPrefix, prefix.toUpperCase()));
    }
    else if (digits) conditions.push(digitsMatch(patients.phoneDigits, digits));
    else conditions.push(nameKeyMatches(patients.nameKey, filters.search));
  }
  return and(...conditions)!;
}

function orderOf(filters: AppointmentFilters): SQL[] {
  const dir = filters.order === 'asc' ? asc : desc;
  switch (filters.sort) {
    case 'date':
      return [dir(appointments.date), dir(appointments.startTime), dir(appointments.tokenNumber), dir(appointments.id)];
    case 'token':
      return [dir(appointments.tokenNumber), dir(appointments.date), dir(appointments.id)];
    case 'createdAt':
      return [dir(appointments.createdAt), dir(appointments.id)];
  }
}

export async function listAppointments(db: Db, caller: StaffContext, filters: AppointmentFilters) {
  const where = matching(caller, filters);
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db
      .select({ n: count() })
      .from(appointments)
      .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(where),
  ]);
  return { data: rows.map(toSummary), total: totals[0]?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

/** One appointment of the caller's organisation, with its history oldest first. */
export async function getAppointment(db: Db, caller: StaffContext, id: string): Promise<Appointment> {
  const [row] = await selectAppointments(db).where(and(eq(appointments.id, id), eq(appointments.organisationId, caller.organisationId)));
  if (!row) throw new NotFoundError('Appointment not found');
  const history = await db
    .select({
      at: appointmentHistory.at,
      byStaffId: appointmentHistory.byStaffId,
      byName: staff.name,
      action: appointmentHistory.action,
      fromStatus: appointmentHistory.fromStatus,
      toStatus: appointmentHistory.toStatus,
      note: appointmentHistory.note,
    })
    .from(appointmentHistory)
    .leftJoin(staff, eq(staff.id, appointmentHistory.byStaffId))
    .where(eq(appointmentHistory.appointmentId, id))
    .orderBy(asc(appointmentHistory.at), asc(appointmentHistory.id));
  return { ...toAppointment(row), history: history.map((entry): HistoryEntry => ({ ...entry, at: entry.at.toISOString() })) };
}
