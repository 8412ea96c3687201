import { planStatusSchema, type PlanStatus } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export async function getPlanStatus(): Promise<PlanStatus> {
  const response = await http.get<unknown>('/plan/current');
  return planStatusSchema.parse(response.data);
}

/** Every plan query starts with this key; the live channel's plan.updated refreshes them all. */
export const planKey = ['plan'] as const;

export const planStatusQueryOptions = () =>
  queryOptions({ queryKey: [...planKey, 'current'], queryFn: getPlanStatus, staleTime: 60_000 });

export function usePlanStatus() {
  return useQuery(planStatusQueryOptions());
}
