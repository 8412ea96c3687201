import { facilityListSchema, managesFacilities, type Facility } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useSessionUser } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export async function getFacilities(): Promise<Facility[]> {
  const response = await http.get<unknown>('/facilities');
  return facilityListSchema.parse(response.data).data;
}

/** Key ['facilities']: the facilities settings page invalidates it after a change. */
export const facilitiesQueryOptions = () => queryOptions({ queryKey: queryKeys.facilities.all, queryFn: getFacilities, staleTime: 5 * 60_000 });

/** True for the organisation types that manage several facilities (MULTIHOSPITAL…); others never see one. */
export function useManagesFacilities(): boolean {
  const user = useSessionUser();
  return Boolean(user && user.role !== 'USER' && managesFacilities(user.admin.type));
}

/** The organisation's facilities; fetched only for the types that manage several. */
export function useFacilities() {
  const enabled = useManagesFacilities();
  return useQuery({ ...facilitiesQueryOptions(), enabled });
}
