import { z } from 'zod';

export const facilityInputSchema = z.object({
  name: z.string().trim().min(2, 'Enter the facility name').max(120),
  address: z.string().trim().max(300).nullable().optional(),
  phone: z.string().trim().max(20).nullable().optional(),
});
export type FacilityInput = z.infer<typeof facilityInputSchema>;

export const facilitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Facility = z.infer<typeof facilitySchema>;
export const facilityListSchema = z.object({ data: z.array(facilitySchema) });
