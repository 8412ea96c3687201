import { serviceSchema, type Service } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { servicesKey } from './get-services';

export async function getService(id: string): Promise<Service> {
  const response = await http.get<unknown>(`/services/${encodeURIComponent(id)}`);
  return serviceSchema.parse(response.data);
}

export const serviceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...servicesKey, 'detail', id], queryFn: () => getService(id) });

export function useService(id: string) {
  return useQuery(serviceQueryOptions(id));
}
