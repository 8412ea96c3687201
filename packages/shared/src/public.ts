import { z } from 'zod';
import { organisationTypeSchema } from './organisations.js';
import { serviceKindSchema } from './services.js';

/** A slug in the path of a public route; anything malformed is simply not found. */
export const publicSlugParamsSchema = z.object({ slug: z.string().max(100) });

/** The first slot still free to book online, within the organisation's horizon. */
export const publicNextSlotSchema = z.object({ date: z.iso.date(), startTime: z.string() }).nullable();

/** Opening hours of a weekday (0 Sunday … 6 Saturday) as HH:mm windows, merged. */
export const publicOpeningHoursSchema = z.array(z.object({ weekday: z.number().int(), windows: z.array(z.object({ start: z.string(), end: z.string() })) }));

/**
 * GET /api/public/organisations/{slug} (no sign-in): the organisation's public page and what may be
 * booked online. Nothing of any patient: no names, phones, visits or counts.
 */
export const publicOrganisationSchema = z.object({
  /** The organisation's id, which the patient API's booking routes take. */
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  type: organisationTypeSchema,
  timeZone: z.string(),
  /** How many days ahead a patient may book, and the minutes before a slot when online booking closes. */
  horizonDays: z.number().int(),
  cutoffMinutes: z.number().int(),
  /** Online bookings wait for the desk's confirmation: the app says "the desk will confirm". */
  requireConfirmation: z.boolean(),
  facilities: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      address: z.string().nullable(),
      phone: z.string().nullable(),
      /** Derived from the weekly availability of the doctors and scans/tests there. */
      hours: publicOpeningHoursSchema,
      /** Google Maps search for the address; null without one. */
      mapUrl: z.string().nullable(),
    }),
  ),
  doctors: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      photoUrl: z.string().nullable(),
      specialization: z.string(),
      qualifications: z.string().nullable(),
      facilityId: z.uuid().nullable(),
      feePaise: z.number().int(),
      slotMinutes: z.number().int(),
      nextSlot: publicNextSlotSchema,
    }),
  ),
  services: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      kind: serviceKindSchema,
      category: z.string().nullable(),
      pricePaise: z.number().int(),
      preparation: z.string().nullable(),
      /** A package's tests by name, in order (empty for a single scan or test). */
      includes: z.array(z.string()),
      facilityId: z.uuid().nullable(),
      nextSlot: publicNextSlotSchema,
    }),
  ),
});
export type PublicOrganisation = z.infer<typeof publicOrganisationSchema>;

/**
 * GET /api/public/organisations/{slug}/doctors/{id}/slots?date= and …/services/{id}/slots?date=
 * (no sign-in; answers `slotsResponseSchema`): the slots a patient may book online that day,
 * so a visitor picks a time before being asked for a phone. The same rules as booking (horizon,
 * cut-off, online booking on for that doctor or scan/test); 404 for one that takes none.
 */
export const publicOwnerParamsSchema = publicSlugParamsSchema.extend({ id: z.uuid() });
