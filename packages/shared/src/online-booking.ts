import { z } from 'zod';
import { serviceKindSchema } from './services.js';

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 60;

/**
 * Words a slug may not be: the patient app lives under /p/{slug}, and these name (or may one day
 * name) the app's own pages, the API and the served files, so a hospital could shadow them.
 * Words added after migration 0018's backfill refuse new slugs only: an organisation already holding
 * one keeps it, and the app's own page wins that address until an admin picks another.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'account',
  'api',
  'admin',
  'app',
  'assets',
  'book',
  'chats',
  'docs',
  'embed',
  'help',
  'login',
  'logout',
  'new',
  'offline',
  'p',
  'patient',
  'public',
  'queue',
  'receipts',
  'reports',
  'settings',
  'sign-in',
  'sign-up',
  'signup',
  'static',
  'support',
  'uploads',
  'visits',
  'waitlist',
  'www',
]);

/** An organisation's public address: /p/{slug}. */
export const slugSchema = z
  .string()
  .trim()
  .min(SLUG_MIN_LENGTH, `Use at least ${SLUG_MIN_LENGTH} characters`)
  .max(SLUG_MAX_LENGTH, `Use at most ${SLUG_MAX_LENGTH} characters`)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens, e.g. city-care-hospital')
  .refine((slug) => !RESERVED_SLUGS.has(slug), 'This address is reserved: choose another');

export const SLUG_TAKEN_MESSAGE = 'This address is already used by another organisation';

/**
 * The slug a name suggests: lower case, accents dropped, every run of anything else one hyphen,
 * at most 50 characters (room for a suffix); too short or reserved gets a prefix. Migration 0018
 * backfilled existing organisations by the same rule in SQL.
 */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return base.length < SLUG_MIN_LENGTH || RESERVED_SLUGS.has(base) ? `organisation-${base}`.replace(/-+$/, '') : base;
}

export const ONLINE_BOOKING_HORIZON_DEFAULT_DAYS = 30;
export const ONLINE_BOOKING_HORIZON_MIN_DAYS = 1;
export const ONLINE_BOOKING_HORIZON_MAX_DAYS = 180;
export const ONLINE_BOOKING_CUTOFF_DEFAULT_MINUTES = 60;
export const ONLINE_BOOKING_CUTOFF_MAX_MINUTES = 1440;

const onlineBookingDoctorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  specialization: z.string(),
  onlineBooking: z.boolean(),
});

const onlineBookingServiceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: serviceKindSchema,
  category: z.string().nullable(),
  onlineBooking: z.boolean(),
});

/**
 * GET /api/settings/online-booking (ADMIN): the organisation's rules, and its active doctors and
 * scans/tests with whether each takes online bookings (the lists are empty where the organisation
 * has no appointments, or no bookings, at all).
 */
export const onlineBookingSettingsSchema = z.object({
  slug: z.string(),
  enabled: z.boolean(),
  horizonDays: z.number().int(),
  cutoffMinutes: z.number().int(),
  /** Bookings made in the patient app wait for the desk's confirmation (POST /api/{appointments|bookings}/{id}/confirm). */
  requireConfirmation: z.boolean(),
  /** A freed place offered to the waitlist is held this many minutes for the patient (the desk's waitlist too). */
  waitlistHoldMinutes: z.number().int(),
  /** A freed place is offered only while at least this many minutes remain before it starts. */
  waitlistLeadMinutes: z.number().int(),
  doctors: z.array(onlineBookingDoctorSchema),
  services: z.array(onlineBookingServiceSchema),
});
export type OnlineBookingSettings = z.infer<typeof onlineBookingSettingsSchema>;

const switchSchema = z.object({ id: z.uuid(), onlineBooking: z.boolean() });

/** PATCH /api/settings/online-booking: only what is sent changes; doctors and services by id. */
export const onlineBookingUpdateSchema = z
  .object({
    enabled: z.boolean(),
    horizonDays: z
      .number()
      .int('Use whole days')
      .min(ONLINE_BOOKING_HORIZON_MIN_DAYS, `Use at least ${ONLINE_BOOKING_HORIZON_MIN_DAYS} day`)
      .max(ONLINE_BOOKING_HORIZON_MAX_DAYS, `Use at most ${ONLINE_BOOKING_HORIZON_MAX_DAYS} days`),
    cutoffMinutes: z
      .number()
      .int('Use whole minutes')
      .min(0, 'Use 0 or more minutes')
      .max(ONLINE_BOOKING_CUTOFF_MAX_MINUTES, `Use at most ${ONLINE_BOOKING_CUTOFF_MAX_MINUTES} minutes (a day)`),
    requireConfirmation: z.boolean(),
    // Literal bounds: the catalogue keys each message by its words (WAITLIST_HOLD_MIN, WAITLIST_MINUTES_MAX).
    waitlistHoldMinutes: z.number().int('Use whole minutes').min(5, 'Hold a place at least 5 minutes').max(240, 'Use at most 240 minutes'),
    waitlistLeadMinutes: z.number().int('Use whole minutes').min(0, 'Use 0 or more minutes').max(240, 'Use at most 240 minutes'),
    doctors: z.array(switchSchema).max(1000),
    services: z.array(switchSchema).max(1000),
  })
  .partial();
export type OnlineBookingUpdate = z.infer<typeof onlineBookingUpdateSchema>;
