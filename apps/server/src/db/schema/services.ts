import { serviceKinds, type AvailabilityWindow } from '@caredesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './doctors.js';
import { facilities, organisations } from './organisations.js';

export const serviceKind = pgEnum('service_kind', serviceKinds);

/** Scans, tests and other services: one table, told apart by kind (design.md §1). */
export const services = pgTable(
  'services',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    kind: serviceKind('kind').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    category: text('category'),
    description: text('description'),
    pricePaise: integer('price_paise').notNull(),
    /** The bill's tax line (modules/billing): SAC/HSN code and GST rate in basis points; most are exempt. */
    sacCode: text('sac_code'),
    gstRateBp: integer('gst_rate_bp').notNull().default(0),
    durationMinutes: integer('duration_minutes'),
    preparation: text('preparation'),
    reportTurnaroundHours: integer('report_turnaround_hours'),
    imageUrl: text('image_url'),
    availability: jsonb('availability').$type<AvailabilityWindow[]>().notNull().default([]),
    capacityPerSlot: integer('capacity_per_slot').notNull().default(1),
    /** Bookings a day may take beyond its slots' capacity, only when the desk books an extra (0..50, set by an admin). */
    extraPerDay: integer('extra_per_day').notNull().default(0),
    /** Optional token prefix, 1-3 of A-Z0-9 (validated by the shared schema). */
    tokenPrefix: text('token_prefix'),
    /** Where patients go when called ('MRI suite'): the 'now being served' message names it. */
    room: text('room'),
    active: boolean('active').notNull().default(true),
    /** Takes bookings through the patient app when the organisation's online booking is on. */
    onlineBooking: boolean('online_booking').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    index('services_organisation_kind_name_idx').on(table.organisationId, table.kind, table.nameKey),
    index('services_name_trgm_idx').using('gin', sql`${table.nameKey} gin_trgm_ops`),
    // One "MRI Brain" per facility: a second would confuse bookings.
    uniqueIndex('services_unique_name').on(table.organisationId, table.kind, table.nameKey, sql`coalesce(${table.facilityId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
  ],
);

/**
 * What a package (a health check) holds: its scans and tests in order. A booking of the package
 * copies these into booking_tests as it is made, so a package changed later leaves the bookings
 * already made as they were sold.
 */
export const servicePackageItems = pgTable(
  'service_package_items',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    // Cascade: a test deleted (it never had a booking) simply leaves the packages that held it.
    itemId: uuid('item_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.packageId, table.itemId] }), index('service_package_items_item_idx').on(table.itemId)],
);
