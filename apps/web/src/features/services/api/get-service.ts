import { serviceSchema, type Service } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getService(id: string): Promise<Service> {
  const response = await http.get<unknown>(`/services/${encodeURIComponent(id)}`);
  return serviceSchema.parse(response.data);
}

export const serviceQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.services.detail(id), queryFn: () => getService(id) });

export function useService(id: string) {
  return useQuery(serviceQueryOptions(id));
}
