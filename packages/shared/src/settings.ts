import { z } from 'zod';
import { phoneSchema } from './contact.js';
import { emailSchema } from './auth.js';
import { slugSchema } from './online-booking.js';
import { organisationTypeSchema } from './organisations.js';
import { uhidPrefixSchema } from './patients.js';
import { lineText, multilineText } from './text.js';

export const INACTIVITY_DEFAULT_MINUTES = 30;
export const INACTIVITY_MIN_MINUTES = 5;
export const INACTIVITY_MAX_MINUTES = 480;
/** The warning shows this long before the automatic sign-out. */
export const INACTIVITY_WARNING_SECONDS = 60;

/** GET /api/settings/organisation: the organisation profile (area 'settings', ADMIN only). */
export const organisationProfileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  type: organisationTypeSchema,
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  timeZone: z.string(),
  showWallet: z.boolean(),
  /** Staff are signed out after this many idle minutes (a warning shows a minute before). */
  inactivityMinutes: z.number().int(),
  /** Starts every new patient's UHID (MR number): 'SAN-' gives SAN-000123. */
  uhidPrefix: z.string(),
  /** The public page's address, /p/{slug} (Settings → Online booking). */
  slug: z.string(),
  createdAt: z.iso.datetime(),
  facilities: z.array(z.object({ id: z.uuid(), name: z.string(), address: z.string().nullable(), phone: z.string().nullable() })),
});
export type OrganisationProfile = z.infer<typeof organisationProfileSchema>;

const optionalText = (max: number, text: () => z.ZodString = lineText) =>
  text()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** PATCH /api/settings/organisation: only the fields sent change. The type is fixed at onboarding. */
export const organisationUpdateSchema = z
  .object({
    name: lineText().trim().min(2, 'Enter the organisation name').max(120),
    email: emailSchema,
    phone: phoneSchema.nullable(),
    /** A public image URL from POST /api/admin/upload; null removes the logo. */
    logoUrl: lineText().max(500).nullable(),
    address: optionalText(300, multilineText),
    city: optionalText(80),
    state: optionalText(80),
    pincode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter a 6-digit PIN code')
      .nullable(),
    timeZone: z.string().refine(isTimeZone, 'Choose a valid time zone'),
    inactivityMinutes: z
      .number()
      .int()
      .min(INACTIVITY_MIN_MINUTES, `Use at least ${INACTIVITY_MIN_MINUTES} minutes`)
      .max(INACTIVITY_MAX_MINUTES, `Use at most ${INACTIVITY_MAX_MINUTES} minutes`),
    /** New patients only: numbers already given keep their prefix (they are printed on cards). */
    uhidPrefix: uhidPrefixSchema,
    /** A new address; the old one keeps redirecting to it and stays this organisation's. */
    slug: slugSchema,
  })
  .partial();
export type OrganisationUpdate = z.infer<typeof organisationUpdateSchema>;
