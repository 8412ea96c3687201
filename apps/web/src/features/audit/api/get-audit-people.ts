import { staffListSchema } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface AuditPerson {
  id: string;
  name: string;
}

/** The organisation's staff (the most the staff list gives at once), for the log's person filter. */
export async function getAuditPeople(signal?: AbortSignal): Promise<AuditPerson[]> {
  const response = await http.get<unknown>('/staff', { params: { pageSize: 200, sort: 'name', order: 'asc' }, signal });
  return staffListSchema.parse(response.data).data.map(({ id, name }) => ({ id, name }));
}

export const auditPeopleQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.audit.people,
    queryFn: ({ signal }) => getAuditPeople(signal),
    staleTime: 5 * 60 * 1000,
  });

export function useAuditPeople() {
  return useQuery(auditPeopleQueryOptions());
}
