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
    /**
     * The public page's address (/p/{slug}); lowercase letters, digits and hyphens, checked by the
     * shared schema. Also held in organisation_slugs, whose key keeps it unique across every
     * organisation's current and former slugs.
     */
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('organisations_inactivity_minutes_range', sql`${table.inactivityMinutes} between 5 and 480`), uniqueIndex('organisations_slug_unique').on(table.slug)],
);

/**
 * Every slug an organisation has had, its current one included: the primary key makes a slug
 * belong to one organisation for ever, so an old link printed on a poster keeps leading to the
 * same place (GET /api/public/organisations/{old} redirects) and can never be taken by another.
 */
export const organisationSlugs = pgTable(
  'organisation_slugs',
  {
    slug: text('slug').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('organisation_slugs_organisation_idx').on(table.organisationId)],
);

/**
 * The organisation's online booking rules (Settings → Online booking); no row means the
 * defaults: off, 30 days ahead, 60 minutes' cut-off. Which doctors and scans/tests take online
 * bookings is a column on each (doctors.online_booking, services.online_booking), not a list
 * here: the flag lives and dies with its doctor, a new doctor takes online bookings by default
 * without a settings write, and the patient catalogue filters on it without a join.
 */
export const onlineBookingSettings = pgTable(
  'online_booking_settings',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    horizonDays: integer('horizon_days').notNull().default(30),
    cutoffMinutes: integer('cutoff_minutes').notNull().default(60),
    /** Online bookings wait for the desk's confirmation before the patient is messaged. */
    requireConfirmation: boolean('require_confirmation').notNull().default(false),
    /** The waitlist's hold and lead (modules/waitlist): shared defaults WAITLIST_HOLD_MINUTES, WAITLIST_MIN_LEAD_MINUTES. */
    waitlistHoldMinutes: integer('waitlist_hold_minutes').notNull().default(30),
    waitlistLeadMinutes: integer('waitlist_lead_minutes').notNull().default(15),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('online_booking_settings_horizon_range', sql`${table.horizonDays} between 1 and 180`),
    check('online_booking_settings_cutoff_range', sql`${table.cutoffMinutes} between 0 and 1440`),
    check('online_booking_settings_waitlist_hold_range', sql`${table.waitlistHoldMinutes} between 5 and 240`),
    check('online_booking_settings_waitlist_lead_range', sql`${table.waitlistLeadMinutes} between 0 and 240`),
  ],
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
