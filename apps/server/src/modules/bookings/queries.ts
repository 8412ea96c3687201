import { tokenLabel, type Booking, type bookingListQuerySchema, type BookingSummary, type HistoryEntry } from '@caredesk/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bookingHistory, bookings, patients, services, staff, uploads } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { digitsMatch, nameKeyMatches, offsetOf, phoneSearchDigits } from '../../lib/list-query.js';

export type BookingFilters = z.output<typeof bookingListQuerySchema>;

const columns = {
  id: bookings.id,
  facilityId: bookings.facilityId,
  serviceId: bookings.serviceId,
  serviceName: services.name,
  serviceKind: services.kind,
  category: services.category,
  tokenPrefix: services.tokenPrefix,
  patientId: bookings.patientId,
  patientName: patients.name,
  patientPhone: patients.phone,
  date: bookings.date,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  tokenNumber: bookings.tokenNumber,
  status: bookings.status,
  reason: bookings.reason,
  notes: bookings.notes,
  cancelReason: bookings.cancelReason,
  pricePaise: bookings.pricePaise,
  paymentStatus: bookings.paymentStatus,
  source: bookings.source,
  reportUploadId: bookings.reportUploadId,
  reportName: uploads.name,
  reportSize: uploads.size,
  reportReadyAt: bookings.reportReadyAt,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
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

/** 'M-007', '007' or '7': a token; a longer run of digits is a phone number. */
const TOKEN_SEARCH = /^(?:([a-z0-9]{1,3})-)?(\d{1,4})$/i;

function matching(organisationId: string, filters: BookingFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(bookings.organisationId, organisationId)];
  if (filters.from) conditions.push(gte(bookings.date, filters.from));
  if (filters.to) conditions.push(lte(bookings.date, filters.to));
  if (filters.serviceId) conditions.push(eq(bookings.serviceId, filters.serviceId));
  if (filters.kind) conditions.push(eq(services.kind, filters.kind));
  if (filters.patientId) conditions.push(eq(bookings.patientId, filters.patientId));
  if (filters.status) conditions.push(inArray(bookings.status, filters.status));
  if (filters.search) {
    const [, prefix, token] = TOKEN_SEARCH.exec(filters.search) ?? [];
    const digits = phoneSearchDigits(filters.search);
    if (token) {
      conditions.push(eq(bookings.tokenNumber, Number(token)));
      if (prefix) conditions.push(eq(services.tokenPrefix, prefix.toUpperCase()));
    } else if (digits) conditions.push(digitsMatch(patients.phoneDigits, digits));
    else conditions.push(nameKeyMatches(patients.nameKey, filters.search));
  }
  return and(...conditions)!;
}

function orderOf(filters: BookingFilters): SQL[] {
  const dir = filters.order === 'asc' ? asc : desc;
  switch (filters.sort) {
    case 'date':
      return [dir(bookings.date), dir(bookings.startTime), dir(bookings.tokenNumber), dir(bookings.id)];
    case 'token':
      return [dir(bookings.tokenNumber), dir(bookings.date), dir(bookings.id)];
    case 'createdAt':
      return [dir(bookings.createdAt), dir(bookings.id)];
  }
}

export async function listBookings(db: Db, organisationId: string, filters: BookingFilters) {
  const where = matching(organisationId, filters);
  const [rows, totals] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(filters.pageSize)
      .offset(offsetOf(filters)),
    db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .innerJoin(patients, eq(patients.id, bookings.patientId))
      .where(where),
  ]);
  return { data: rows.map(toSummary), total: totals[0]?.n ?? 0, page: filters.page, pageSize: filters.pageSize };
}

/** One booking of the organisation, with its history oldest first. */
export async function getBooking(db: Db, organisationId: string, id: string): Promise<Booking> {
  const [row] = await selectBookings(db).where(and(eq(bookings.id, id), eq(bookings.organisationId, organisationId)));
  if (!row) throw new NotFoundError('Booking not found');
  const history = await db
    .select({
      at: bookingHistory.at,
      byStaffId: bookingHistory.byStaffId,
      byName: staff.name,
      action: bookingHistory.action,
      fromStatus: bookingHistory.fromStatus,
      toStatus: bookingHistory.toStatus,
      note: bookingHistory.note,
    })
    .from(bookingHistory)
    .leftJoin(staff, eq(staff.id, bookingHistory.byStaffId))
    .where(eq(bookingHistory.bookingId, id))
    .orderBy(asc(bookingHistory.at), asc(bookingHistory.id));
  return { ...toBooking(row), history: history.map((entry): HistoryEntry => ({ ...entry, at: entry.at.toISOString() })) };
}
