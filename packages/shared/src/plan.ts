import { z } from 'zod';
import { paymentOrderSchema } from './payments.js';

/** GET /api/plan/current: SPEC.md needs isActive; the console also shows what and until when. */
export const planStatusSchema = z.object({
  isActive: z.boolean(),
  planId: z.uuid().nullable().optional(),
  planName: z.string().nullable(),
  startsAt: z.iso.datetime().nullable().optional(),
  endsAt: z.iso.datetime().nullable(),
  features: z.array(z.string()).optional(),
  whatsapp: z.object({ isActive: z.boolean(), endsAt: z.iso.datetime().nullable() }).optional(),
});
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** A plan on offer (GET /api/plan/plans). */
export const planOfferSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  pricePaise: z.number().int(),
  durationDays: z.number().int(),
  features: z.array(z.string()),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;
export const planOffersSchema = z.object({ data: z.array(planOfferSchema) });

/** The WhatsApp add-on: reminders and confirmations to patients; bought for a period. */
export const WHATSAPP_ADDON = { name: 'WhatsApp messages', pricePaise: 99_900, durationDays: 30 } as const;

/** POST /api/plan/activate { planId }: paid from the wallet when it covers the price, else a checkout. */
export const planActivateSchema = z.object({ planId: z.uuid() });
export const planPurchaseResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ACTIVATED'), paidFrom: z.enum(['WALLET', 'CHECKOUT']), plan: planStatusSchema }),
  z.object({ status: z.literal('CHECKOUT'), order: paymentOrderSchema }),
]);
export type PlanPurchaseResponse = z.infer<typeof planPurchaseResponseSchema>;
