import { planStatusSchema, type PlanStatus } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getPlanStatus(): Promise<PlanStatus> {
  const response = await http.get<unknown>('/plan/current');
  return planStatusSchema.parse(response.data);
}

export const planStatusQueryOptions = () => queryOptions({ queryKey: queryKeys.plan.current, queryFn: getPlanStatus, staleTime: 60_000 });

export function usePlanStatus() {
  return useQuery(planStatusQueryOptions());
}
