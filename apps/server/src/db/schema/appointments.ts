import { appointmentStatuses, paymentStatuses, visitSources } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors, timestamps } from './doctors.js';
import { facilities, organisations } from './organisations.js';
import { patients } from './patients.js';
import { staff } from './staff.js';
import { visitSeries } from './visit-series.js';

/**
 * When a visit joined the waiting room, was called in, finished, was passed over or brought back:
 * the token queue (modules/token-queue) orders and times itself by these; the average wait is
 * calledAt - checkedInAt.
 */
export const queueTimes = {
  checkedInAt: timestamp('checked_in_at', { withTimezone: true, precision: 3 }),
  calledAt: timestamp('called_at', { withTimezone: true, precision: 3 }),
  completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  skippedAt: timestamp('skipped_at', { withTimezone: true, precision: 3 }),
  recalledAt: timestamp('recalled_at', { withTimezone: true, precision: 3 }),
};

/**
 * A visit booked in the patient app while the organisation wants the desk to confirm online
 * bookings (Settings → Online booking). It holds its slot and token all the same; confirming,
 * or checking the patient in, clears it, and so does cancelling or a no-show (nothing left to confirm).
 */
export const awaitingConfirmation = {
  awaitingConfirmation: boolean('awaiting_confirmation').notNull().default(false),
};

/**
 * A visit beyond its slot's capacity, in the owner's daily allowance of extras (doctors' and
 * services' extraPerDay): booked only when the desk asked for an extra (or a walk-in found the
 * day's slots full). Extras do not take room in their slot; a day's live extras never pass the
 * allowance (modules/visits/owner-day.ts, under the day's lock).
 */
export const overbooked = {
  overbooked: boolean('overbooked').notNull().default(false),
};

/**
 * The recurring series a visit was booked in (visit_series), if any. It stays in the series when
 * it is moved or cancelled on its own; the series' whole-series actions act on its future visits.
 */
export const inSeries = {
  seriesId: uuid('series_id').references(() => visitSeries.id, { onDelete: 'set null' }),
};

export const appointmentStatus = pgEnum('appointment_status', appointmentStatuses);
export const paymentStatus = pgEnum('payment_status', paymentStatuses);
export const visitSource = pgEnum('visit_source', visitSources);

/**
 * A doctor visit. The slot rule (never more than patientsPerSlot live visits) is enforced by
 * booking under a lock on the doctor row; the token rule by the unique index below.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    // No action (checked at statement end, so an organisation's cascade still works): a doctor or
    // patient with visits is deactivated, never deleted (modules/visits/rules.ts).
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'no action' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'no action' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    tokenNumber: integer('token_number').notNull(),
    status: appointmentStatus('status').notNull().default('BOOKED'),
    reason: text('reason'),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    feePaise: integer('fee_paise').notNull(),
    paymentStatus: paymentStatus('payment_status').notNull().default('UNPAID'),
    source: visitSource('source').notNull().default('CONSOLE'),
    ...awaitingConfirmation,
    ...overbooked,
    ...inSeries,
    /** Null when the patient booked through the patient API. */
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    ...queueTimes,
    ...timestamps,
  },
  (table) => [
    index('appointments_organisation_date_idx').on(table.organisationId, table.date, table.startTime),
    index('appointments_doctor_date_time_idx').on(table.doctorId, table.date, table.startTime),
    index('appointments_patient_idx').on(table.patientId),
    // A series' visits (modules/visits/series.ts): few visits belong to one, so a partial index.
    index('appointments_series_idx')
      .on(table.seriesId)
      .where(sql`${table.seriesId} is not null`),
    // The dashboard's 30-day and today's figures (modules/dashboard/queries.ts) read only these
    // columns, so they are index-only scans; days repeat the same values, so btree deduplication
    // keeps it about half the size of appointments_organisation_date_idx. Measured on 1,000,000
    // appointments (bench/dashboard.ts).
    index('appointments_dashboard_idx').on(table.organisationId, table.date, table.status, table.doctorId, table.feePaise, table.checkedInAt, table.calledAt, table.skippedAt),
    // The desk's "Awaiting confirmation" list: few rows at any time, so a partial index.
    index('appointments_awaiting_confirmation_idx')
      .on(table.organisationId, table.date)
      .where(sql`${table.awaitingConfirmation}`),
    // Tokens are per doctor per day and never reused, even after a cancellation.
    uniqueIndex('appointments_doctor_date_token_unique').on(table.doctorId, table.date, table.tokenNumber),
  ],
);

/** Who moved an appointment, when, from what to what (cancel reason, reschedule from/to). */
export const appointmentHistory = pgTable(
  'appointment_history',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
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
  (table) => [index('appointment_history_appointment_idx').on(table.appointmentId, table.at)],
);

/**
 * The last token handed out per doctor per day. Counting from the visits themselves would hand a
 * number out again once the visit holding the highest one moves to another day or doctor, and a
 * waiting room must never see two patients with one token.
 */
export const doctorDayTokens = pgTable(
  'doctor_day_tokens',
  {
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    lastToken: integer('last_token').notNull(),
  },
  (table) => [primaryKey({ columns: [table.doctorId, table.date] })],
);
