import type { AvailabilityWindow } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { facilities, organisations } from './organisations.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

export const doctors = pgTable(
  'doctors',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** searchKey(name): lower-case without accents, what name search matches. */
    nameKey: text('name_key').notNull(),
    photoUrl: text('photo_url'),
    specialization: text('specialization').notNull(),
    qualifications: text('qualifications'),
    experienceYears: integer('experience_years'),
    consultationFeePaise: integer('consultation_fee_paise').notNull(),
    phone: text('phone'),
    email: text('email'),
    bio: text('bio'),
    /** Optional token prefix, 1-3 of A-Z0-9 (validated by the shared schema). */
    tokenPrefix: text('token_prefix'),
    /** Where patients go when called ('Room 12, 2nd floor'): the 'now being served' message names it. */
    room: text('room'),
    slotMinutes: integer('slot_minutes').notNull().default(15),
    patientsPerSlot: integer('patients_per_slot').notNull().default(1),
    /** Visits a day may take beyond its slots' capacity, only when the desk books an extra (0..50, set by an admin). */
    extraPerDay: integer('extra_per_day').notNull().default(0),
    availability: jsonb('availability').$type<AvailabilityWindow[]>().notNull().default([]),
    leaveDates: jsonb('leave_dates').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /** Takes bookings through the patient app when the organisation's online booking is on. */
    onlineBooking: boolean('online_booking').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    index('doctors_organisation_name_idx').on(table.organisationId, table.nameKey),
    index('doctors_name_trgm_idx').using('gin', sql`${table.nameKey} gin_trgm_ops`),
    // A doctor's e-mail and phone identify them within an organisation.
    uniqueIndex('doctors_organisation_email_unique')
      .on(table.organisationId, table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex('doctors_organisation_phone_unique')
      .on(table.organisationId, table.phone)
      .where(sql`${table.phone} is not null`),
  ],
);

export { timestamps };
