import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './doctors.js';
import { organisations } from './organisations.js';
import { staff } from './staff.js';

/**
 * One day of one doctor that differs from the weekly schedule (issue 21, 'the doctor's day'):
 * other hours that day (a late start, an extra session, or closed: `windows` [], null keeps the
 * weekly hours) and/or another number of patients per slot (`capacity`, null keeps
 * patientsPerSlot). The slot engine reads it wherever it cuts a day into slots
 * (modules/visits/slots.ts), so free slots, bookings, walk-ins and the calendar follow it.
 */
export const doctorDayOverrides = pgTable(
  'doctor_day_overrides',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    windows: jsonb('windows').$type<{ start: string; end: string }[]>(),
    capacity: integer('capacity'),
    note: text('note'),
    byStaffId: uuid('by_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('doctor_day_overrides_doctor_date_unique').on(table.doctorId, table.date),
    index('doctor_day_overrides_organisation_date_idx').on(table.organisationId, table.date),
    check('doctor_day_overrides_capacity', sql`${table.capacity} is null or ${table.capacity} between 1 and 50`),
  ],
);
