import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';
import { patients } from './patients.js';
import { staff } from './staff.js';

/**
 * Recurring visits (issue 21): one patient's visits with one doctor (or scan or test) at one time
 * of day, every N days or weeks, a number of them or up to an end date. Each occurrence is an
 * ordinary appointment or booking whose series_id names the series; the series row keeps the plan
 * as asked, so the desk sees what was wanted beside what could be booked.
 */
export const visitSeries = pgTable(
  'visit_series',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'appointment' | 'booking'>().notNull(),
    // A doctor's id (appointments) or a scan's or test's (bookings): two tables, so no foreign key.
    // Owners with visits are deactivated, never deleted (modules/visits/rules.ts), and a series is
    // only written with at least one visit.
    ownerId: uuid('owner_id').notNull(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'no action' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    everyN: integer('every_n').notNull(),
    everyUnit: text('every_unit').$type<'day' | 'week'>().notNull(),
    count: integer('count'),
    until: date('until', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('visit_series_organisation_patient_idx').on(table.organisationId, table.patientId),
    check('visit_series_kind', sql`${table.kind} in ('appointment', 'booking')`),
    check('visit_series_every', sql`${table.everyUnit} in ('day', 'week') and ${table.everyN} between 1 and 365`),
    // A count or an end date, never both: the plan as the desk gave it (packages/shared visit-series.ts).
    check('visit_series_count_or_until', sql`(${table.count} is null) <> (${table.until} is null)`),
    check('visit_series_count_range', sql`${table.count} is null or ${table.count} between 2 and 52`),
  ],
);
