import { tokenLabel, type Booking, type bookingListQuerySchema, type BookingSummary } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bookings, patients, services, uploads } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { offsetOf } from '../../lib/list-query.js';
import { bookingKind, countVisits, visitHistory, visitListOrder, visitListWhere } from '../visits/index.js';

export type BookingFilters = z.output<typeof bookingListQuerySchema>;

/** What every view of a booking shows (the console's record, the patient app's). */
export const bookingVisitColumns = {
  id: bookings.id,
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
};

const columns = {
  ...bookingVisitColumns,
  facilityId: bookings.facilityId,
  patientPhone: patients.phone,
  notes: bookings.notes,
  reportUploadId: bookings.reportUploadId,
  reportName: uploads.name,
  reportSize: uploads.size,
  reportReadyAt: bookings.reportReadyAt,
};

function selectBookings(db: Db) {
  return db
    .select(columns)
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(patients, eq(patients.id, bookings.patientId))
    .leftJoin(uploads, eq(uploads.id, bookings.reportUploadId));
}
type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

export function toBooking({ tokenPrefix, reportUploadId, reportName, reportSize, reportReadyAt, ...row }: BookingRow): Booking {
  return {
    ...row,
    tokenLabel: tokenLabel(row.tokenNumber, tokenPrefix),
    report:
      reportUploadId && reportName !== null && reportSize !== null
        ? { uploadId: reportUploadId, name: reportName, size: reportSize, uploadedAt: (reportReadyAt ?? row.updatedAt).toISOString() }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// What the list shows, no more (issue 13): the reasons, notes and reports of a page of visits
// stay on the one record, whose read is audited.
const summaryColumns = {
  id: bookings.id,
  tokenNumber: bookings.tokenNumber,
  tokenPrefix: services.tokenPrefix,
  date: bookings.date,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  patientName: patients.name,
  patientPhone: patients.phone,
  status: bookings.status,
  serviceId: bookings.serviceId,
  serviceName: services.name,
  serviceKind: services.kind,
  category: services.category,
};

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(patients, eq(patients.id, bookings.patientId));
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function toSummary({ tokenPrefix, ...row }: SummaryRow): BookingSummary {
  return { ...row, tokenLabel: tokenLabel(row.tokenNumber, tokenPrefix) };
}

export async function listBookings(db: Db, organisationId: string, filters: BookingFilters) {
  const where = visitListWhere(bookingKind, organisationId, filters, filters.serviceId, ...(filters.kind ? [eq(services.kind, filters.kind)] : []));
  const [rows, total] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...visitListOrder(bookingKind, filters))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    countVisits(db, bookingKind, where),
  ]);
  return { data: rows.map(toSummary), total, page: filters.page, pageSize: filters.pageSize };
}

/** One booking of the organisation, with its history oldest first. */
export async function getBooking(db: Db, organisationId: string, id: string): Promise<Booking> {
  const [row] = await selectBookings(db).where(and(eq(bookings.id, id), eq(bookings.organisationId, organisationId)));
  if (!row) throw new NotFoundError('Booking not found');
  return { ...toBooking(row), history: await visitHistory(db, bookingKind, id) };
}
