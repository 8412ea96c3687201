import { planOffersSchema, type PlanOffer } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getPlanOffers(): Promise<PlanOffer[]> {
  const response = await http.get<unknown>('/plan/plans');
  return planOffersSchema.parse(response.data).data;
}

export const planOffersQueryOptions = () => queryOptions({ queryKey: queryKeys.plan.offers, queryFn: getPlanOffers, staleTime: 5 * 60_000 });

export function usePlanOffers() {
  return useQuery(planOffersQueryOptions());
}
