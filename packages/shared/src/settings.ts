import { z } from 'zod';
import { organisationTypeSchema } from './organisations.js';

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
  createdAt: z.iso.datetime(),
  facilities: z.array(z.object({ id: z.uuid(), name: z.string(), address: z.string().nullable(), phone: z.string().nullable() })),
});
export type OrganisationProfile = z.infer<typeof organisationProfileSchema>;
