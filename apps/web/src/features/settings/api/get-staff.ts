import { paginatedSchema, staffMemberSchema } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const staffPageSchema = paginatedSchema(staffMemberSchema);

export interface StaffQuery {
  search?: string;
  page: number;
  pageSize: number;
}

export async function getStaff(query: StaffQuery) {
  const response = await http.get<unknown>('/staff', { params: query });
  return staffPageSchema.parse(response.data);
}

export const staffQueryOptions = (query: StaffQuery) => queryOptions({ queryKey: queryKeys.staff.list(query), queryFn: () => getStaff(query), placeholderData: keepPreviousData });

export function useStaff(query: StaffQuery) {
  return useQuery(staffQueryOptions(query));
}
