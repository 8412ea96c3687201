import { type Booking, type bookingListQuerySchema, type BookingSummary } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bookings, patients, services, uploads } from '../../db/schema/index.js';
import type { CsvColumn } from '../../lib/csv.js';
import { pageOf } from '../../lib/list-query.js';
import {
  bookedVisitFields,
  bookingKind,
  oneVisit,
  visitBatches,
  visitCsvColumns,
  visitHistory,
  visitListWhere,
  visitPage,
  withTokenLabel,
  type BookedVisit,
} from '../visits/index.js';
import { bookedTests, bookingTestsOf } from './tests.js';

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
  overbooked: bookings.overbooked,
  seriesId: bookings.seriesId,
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

function toBooking({ reportUploadId, reportName, reportSize, reportReadyAt, ...row }: BookingRow): Omit<Booking, 'tests'> {
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
  patientId: bookings.patientId,
  patientName: patients.name,
  patientPhone: patients.phone,
  status: bookings.status,
  awaitingConfirmation: bookings.awaitingConfirmation,
  overbooked: bookings.overbooked,
  serviceId: bookings.serviceId,
  serviceName: services.name,
  serviceKind: services.kind,
  category: services.category,
};

export function selectBookingSummaries(db: Db) {
  return db.select(summaryColumns).from(bookings).innerJoin(services, eq(services.id, bookings.serviceId)).innerJoin(patients, eq(patients.id, bookings.patientId)).$dynamic();
}

/** The rows of the organisation a booking list shows: the visit filters, and a service kind. */
function bookingListWhere(organisationId: string, filters: BookingFilters) {
  return visitListWhere(bookingKind, organisationId, filters, filters.serviceId, ...(filters.kind ? [eq(services.kind, filters.kind)] : []));
}

export async function listBookings(db: Db, organisationId: string, filters: BookingFilters) {
  const where = bookingListWhere(organisationId, filters);
  const { rows, total } = await visitPage(db, bookingKind, selectBookingSummaries(db), where, filters);
  return pageOf(
    filters,
    rows.map((row): BookingSummary => withTokenLabel(row)),
    total,
  );
}

// An export's row: the list's visit, with what a desk's spreadsheet adds (UHID, money, source, reasons).
const exportColumns = {
  date: bookings.date,
  startTime: bookings.startTime,
  tokenNumber: bookings.tokenNumber,
  tokenPrefix: services.tokenPrefix,
  patientName: patients.name,
  uhid: patients.uhid,
  patientPhone: patients.phone,
  serviceName: services.name,
  serviceKind: services.kind,
  category: services.category,
  status: bookings.status,
  awaitingConfirmation: bookings.awaitingConfirmation,
  paymentStatus: bookings.paymentStatus,
  amountPaise: bookings.pricePaise,
  source: bookings.source,
  reason: bookings.reason,
  cancelReason: bookings.cancelReason,
  createdAt: bookings.createdAt,
};

function selectExportRows(db: Db) {
  return db.select(exportColumns).from(bookings).innerJoin(services, eq(services.id, bookings.serviceId)).innerJoin(patients, eq(patients.id, bookings.patientId)).$dynamic();
}
type BookingExportRow = Awaited<ReturnType<ReturnType<typeof selectExportRows>['execute']>>[number];

/** GET /bookings/export.csv: every booking the list's filters match, in its order, a batch at a time. */
export function exportBookings(db: Db, organisationId: string, filters: BookingFilters) {
  return visitBatches(bookingKind, () => selectExportRows(db), bookingListWhere(organisationId, filters), filters);
}

const SERVICE_KIND_LABELS: Record<BookingExportRow['serviceKind'], string> = { SCAN: 'Scan', TEST: 'Test', OTHER: 'Other' };

export const bookingCsvColumns: CsvColumn<BookingExportRow>[] = visitCsvColumns<BookingExportRow>(
  [
    { header: 'Scan or test', value: (b) => b.serviceName },
    { header: 'Kind', value: (b) => SERVICE_KIND_LABELS[b.serviceKind] },
    { header: 'Category', value: (b) => b.category },
  ],
  'Price (₹)',
);

/** One booking of the organisation, with its history oldest first. */
export async function getBooking(db: Db, organisationId: string, id: string): Promise<Booking> {
  const row = await oneVisit(bookingKind, selectBookings(db), id, eq(bookings.organisationId, organisationId));
  const [history, tests] = await Promise.all([visitHistory(db, bookingKind, id), bookingTestsOf(db, id)]);
  return { ...toBooking(row), tests, history };
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
    seriesId: visit.seriesId,
    report: null,
    tests: bookedTests(visit.parts),
  };
}
