import { planPurchaseResponseSchema, type PlanPurchaseResponse } from '@caredesk/shared';
import { http } from '@/lib/http';

/** POST /plan/activate: paid from the wallet when it covers the price (ACTIVATED), else an order to pay (CHECKOUT). */
export async function activatePlan(planId: string): Promise<PlanPurchaseResponse> {
  const response = await http.post<unknown>('/plan/activate', { planId });
  return planPurchaseResponseSchema.parse(response.data);
}
