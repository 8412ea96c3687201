import { type Booking, type bookingListQuerySchema, type BookingSummary } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bookings, patients, services, uploads } from '../../db/schema/index.js';
import { pageOf } from '../../lib/list-query.js';
import { bookedVisitFields, bookingKind, oneVisit, visitHistory, visitListWhere, visitPage, withTokenLabel, type BookedVisit } from '../visits/index.js';

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
  awaitingConfirmation: bookings.awaitingConfirmation,
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
    .leftJoin(uploads, eq(uploads.id, bookings.reportUploadId))
    .$dynamic();
}
type BookingRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

export function toBooking({ reportUploadId, reportName, reportSize, reportReadyAt, ...row }: BookingRow): Booking {
  return {
    ...withTokenLabel(row),
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
  awaitingConfirmation: bookings.awaitingConfirmation,
  serviceId: bookings.serviceId,
  serviceName: services.name,
  serviceKind: services.kind,
  category: services.category,
};

function selectSummaries(db: Db) {
  return db.select(summaryColumns).from(bookings).innerJoin(services, eq(services.id, bookings.serviceId)).innerJoin(patients, eq(patients.id, bookings.patientId)).$dynamic();
}

export async function listBookings(db: Db, organisationId: string, filters: BookingFilters) {
  const where = visitListWhere(bookingKind, organisationId, filters, filters.serviceId, ...(filters.kind ? [eq(services.kind, filters.kind)] : []));
  const { rows, total } = await visitPage(db, bookingKind, selectSummaries(db), where, filters);
  return pageOf(
    filters,
    rows.map((row): BookingSummary => withTokenLabel(row)),
    total,
  );
}

/** One booking of the organisation, with its history oldest first. */
export async function getBooking(db: Db, organisationId: string, id: string): Promise<Booking> {
  const row = await oneVisit(bookingKind, selectBookings(db), id, eq(bookings.organisationId, organisationId));
  return { ...toBooking(row), history: await visitHistory(db, bookingKind, id) };
}

/**
 * The 201 of a booking, from what its statements read and wrote: the same record GET
 * /bookings/{id} answers, without reading it back (two statements per booking).
 */
export function bookedBooking(visit: BookedVisit): Booking {
  const service = visit.ownerRow as typeof services.$inferSelect;
  return {
    ...bookedVisitFields(visit, service.tokenPrefix),
    serviceId: service.id,
    serviceName: service.name,
    serviceKind: service.kind,
    category: service.category,
    pricePaise: visit.amountPaise,
    report: null,
  };
}
