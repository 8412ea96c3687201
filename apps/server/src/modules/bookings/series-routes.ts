import {
  bookingSeriesBookedSchema,
  bookingSeriesCreateSchema,
  bookingSeriesRescheduleSchema,
  bookingSeriesSchema,
  type BookingSeries,
  type BookingSummary,
} from '@caredesk/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { bookingKind, seriesRecord, seriesRow, seriesRoutes, withTokenLabel } from '../visits/index.js';
import { bookedBooking, selectBookingSummaries } from './queries.js';

/** GET /bookings/series/{id}: the series and every booking of it (whatever its status), by date. */
async function getBookingSeries(db: Db, caller: StaffContext, id: string): Promise<BookingSeries> {
  const series = await seriesRow(db, bookingKind, caller.organisationId, id);
  const rows = await selectBookingSummaries(db)
    .where(and(eq(bookings.organisationId, caller.organisationId), eq(bookings.seriesId, series.id)))
    .orderBy(asc(bookings.date), asc(bookings.startTime));
  return { series: seriesRecord(series), visits: rows.map((row): BookingSummary => withTokenLabel(row)) };
}

/** /api/bookings/series: a scan's or test's recurring bookings (a course of dressings, weekly dialysis bloods). */
export function bookingSeriesRoutes(ctx: AppContext) {
  return seriesRoutes(ctx, {
    kind: bookingKind,
    area: 'bookings',
    plural: 'bookings',
    noun: 'booking',
    ownerNoun: 'scan or test',
    ownerKey: 'serviceId',
    create: bookingSeriesCreateSchema,
    booked: bookingSeriesBookedSchema,
    series: bookingSeriesSchema,
    reschedule: bookingSeriesRescheduleSchema,
    bookedVisit: bookedBooking,
    readSeries: getBookingSeries,
  });
}
