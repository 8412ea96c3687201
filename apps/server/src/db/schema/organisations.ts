import { organisationTypes } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const organisationType = pgEnum('organisation_type', organisationTypes);

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    type: organisationType('type').notNull(),
    logoUrl: text('logo_url'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    pincode: text('pincode'),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    showWallet: boolean('show_wallet').notNull().default(true),
    /** Staff are signed out after this many idle minutes (Settings > Security). */
    inactivityMinutes: integer('inactivity_minutes').notNull().default(30),
    /** Starts each new patient's UHID (Settings > Organisation); migration 0016 set existing ones from the name. */
    uhidPrefix: text('uhid_prefix').notNull().default('MR-'),
    createdAt: createdAt(),
  },
  (table) => [check('organisations_inactivity_minutes_range', sql`${table.inactivityMinutes} between 5 and 480`)],
);

export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    createdAt: createdAt(),
  },
  (table) => [
    index('facilities_organisation_idx').on(table.organisationId),
    // Two branches called the same would be indistinguishable in every picker; case does not count.
    uniqueIndex('facilities_organisation_name_unique').on(table.organisationId, sql`lower(${table.name})`),
  ],
);
