import { bookingStatuses, bookingTestStatuses } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { awaitingConfirmation, inSeries, overbooked, paymentStatus, queueTimes, visitSource } from './appointments.js';
import { timestamps } from './doctors.js';
import { facilities, organisations } from './organisations.js';
import { patients } from './patients.js';
import { services } from './services.js';
import { staff } from './staff.js';
import { uploads } from './uploads.js';

export const bookingStatus = pgEnum('booking_status', bookingStatuses);
export const bookingTestStatus = pgEnum('booking_test_status', bookingTestStatuses);

/**
 * A scan or test visit: an appointment with a service instead of a doctor. The slot rule (never
 * more than capacityPerSlot live bookings) is enforced by booking under a lock on the service row.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    // No action: a service or patient with visits is deactivated, never deleted (modules/visits/rules.ts).
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'no action' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'no action' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    tokenNumber: integer('token_number').notNull(),
    status: bookingStatus('status').notNull().default('BOOKED'),
    reason: text('reason'),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    pricePaise: integer('price_paise').notNull(),
    paymentStatus: paymentStatus('payment_status').notNull().default('UNPAID'),
    source: visitSource('source').notNull().default('CONSOLE'),
    ...awaitingConfirmation,
    ...overbooked,
    ...inSeries,
    /** The report: a private PDF upload, served only through short-lived signed URLs. */
    reportUploadId: uuid('report_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    reportReadyAt: timestamp('report_ready_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    ...queueTimes,
    ...timestamps,
  },
  (table) => [
    index('bookings_organisation_date_idx').on(table.organisationId, table.date, table.startTime),
    index('bookings_service_date_time_idx').on(table.serviceId, table.date, table.startTime),
    index('bookings_patient_idx').on(table.patientId),
    // A series' visits (modules/visits/series.ts): few visits belong to one, so a partial index.
    index('bookings_series_idx')
      .on(table.seriesId)
      .where(sql`${table.seriesId} is not null`),
    // The dashboard's figures, index-only (see appointments_dashboard_idx).
    index('bookings_dashboard_idx').on(table.organisationId, table.date, table.status, table.serviceId, table.pricePaise, table.checkedInAt, table.calledAt, table.skippedAt),
    index('bookings_awaiting_confirmation_idx')
      .on(table.organisationId, table.date)
      .where(sql`${table.awaitingConfirmation}`),
    uniqueIndex('bookings_service_date_token_unique').on(table.serviceId, table.date, table.tokenNumber),
  ],
);

export const bookingHistory = pgTable(
  'booking_history',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    byStaffId: uuid('by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
  },
  (table) => [index('booking_history_booking_idx').on(table.bookingId, table.at)],
);

/** The last token handed out per service per day (see doctorDayTokens). */
export const serviceDayTokens = pgTable(
  'service_day_tokens',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    lastToken: integer('last_token').notNull(),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.date] })],
);

/**
 * The tests of a package booking (one token, one price), copied from the package's items as it is
 * booked: each keeps its own status and report. A single scan or test has none.
 */
export const bookingTests = pgTable(
  'booking_tests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // No action, as for the booking's own service: a test with bookings is deactivated, never deleted.
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'no action' }),
    position: integer('position').notNull(),
    status: bookingTestStatus('status').notNull().default('PENDING'),
    skipReason: text('skip_reason'),
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }),
    reportUploadId: uuid('report_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    reportReadyAt: timestamp('report_ready_at', { withTimezone: true, precision: 3 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('booking_tests_booking_service_unique').on(table.bookingId, table.serviceId), index('booking_tests_service_idx').on(table.serviceId)],
);
