import { z } from 'zod';

export const planStatusSchema = z.object({
  isActive: z.boolean(),
  planName: z.string().nullable(),
  endsAt: z.iso.datetime().nullable(),
});
export type PlanStatus = z.infer<typeof planStatusSchema>;
