import { planOffersSchema, type PlanOffer } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { planKey } from './get-plan-status';

export async function getPlanOffers(): Promise<PlanOffer[]> {
  const response = await http.get<unknown>('/plan/plans');
  return planOffersSchema.parse(response.data).data;
}

export const planOffersQueryOptions = () =>
  queryOptions({ queryKey: [...planKey, 'offers'], queryFn: getPlanOffers, staleTime: 5 * 60_000 });

export function usePlanOffers() {
  return useQuery(planOffersQueryOptions());
}
