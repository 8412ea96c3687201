import { paginatedSchema, serviceSchema, type Service } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const servicePageSchema = paginatedSchema(serviceSchema);
const CHOICES = { kind: 'SCAN,TEST', active: 'true', pageSize: 50, sort: 'name', order: 'asc' } as const;

/**
 * The active scans and tests a package may hold, found by name on the server (a lab's catalogue
 * runs to hundreds of tests). Packages are left out: a package holds single scans and tests.
 */
export async function getPackageChoices(search: string, signal?: AbortSignal): Promise<Service[]> {
  const response = await http.get<unknown>('/services', { params: { ...CHOICES, ...(search ? { search } : {}) }, signal });
  return servicePageSchema.parse(response.data).data.filter((service) => service.packageItems.length === 0);
}

/** Under the services' list prefix, so a saved scan or test refreshes the choices. */
export const packageChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.services.list({ ...CHOICES, search }),
    queryFn: ({ signal }) => getPackageChoices(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function usePackageChoices(search: string, enabled: boolean) {
  return useQuery({ ...packageChoicesQueryOptions(search), enabled });
}
