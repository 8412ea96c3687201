import { paginatedSchema, serviceSchema } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const servicePageSchema = paginatedSchema(serviceSchema);
const BOOKABLE = { kind: 'SCAN,TEST', active: 'true', pageSize: 200, sort: 'name', order: 'asc' } as const;

/** The active scans and tests: what a booking can be for. */
export async function getBookableServices(signal?: AbortSignal) {
  const response = await http.get<unknown>('/services', { params: BOOKABLE, signal });
  return servicePageSchema.parse(response.data).data;
}

/** Under the services feature's ['services'] prefix, so a scan's change refreshes the picker. */
export const bookableServicesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.services.list(BOOKABLE), queryFn: ({ signal }) => getBookableServices(signal), staleTime: 60_000 });

export function useBookableServices() {
  return useQuery(bookableServicesQueryOptions());
}
