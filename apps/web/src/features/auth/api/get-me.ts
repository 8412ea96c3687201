import { sessionUserSchema, type SessionUser } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { storeUser } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';

export async function getMe(): Promise<SessionUser> {
  const response = await http.get<unknown>('/me');
  const user = sessionUserSchema.parse(response.data);
  storeUser(user);
  return user;
}

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe, staleTime: Infinity });

/** Loads the signed-in user when a token is stored without one (e.g. storage edited by hand). */
export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
