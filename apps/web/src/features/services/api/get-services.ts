import { paginatedSchema, serviceSchema, type ServiceListQuery } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const servicePageSchema = paginatedSchema(serviceSchema);

/** `kind` is 'SCAN,TEST' for /scan and 'OTHER' for /service. */
export async function getServices(query: ServiceListQuery) {
  const response = await http.get<unknown>('/services', { params: query });
  return servicePageSchema.parse(response.data);
}

export const servicesQueryOptions = (query: ServiceListQuery) =>
  queryOptions({
    queryKey: queryKeys.services.list(query),
    queryFn: () => getServices(query),
    placeholderData: keepPreviousData,
  });

export function useServices(query: ServiceListQuery) {
  return useQuery(servicesQueryOptions(query));
}
