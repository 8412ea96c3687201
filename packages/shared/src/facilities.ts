import { z } from 'zod';
import { lineText, multilineText } from './text.js';
import { atLeastOneField } from './common.js';

export const facilityInputSchema = z.object({
  name: lineText().trim().min(2, 'Enter the facility name').max(120),
  address: multilineText().trim().max(300).nullable().optional(),
  phone: lineText().trim().max(20).nullable().optional(),
});
export type FacilityInput = z.infer<typeof facilityInputSchema>;
/** PATCH /api/facilities/:id: only the fields sent change. */
export const facilityUpdateSchema = atLeastOneField(facilityInputSchema.partial());

export const facilitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Facility = z.infer<typeof facilitySchema>;
export const facilityListSchema = z.object({ data: z.array(facilitySchema) });
