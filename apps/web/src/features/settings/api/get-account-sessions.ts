import { accountSessionsSchema, type AccountSession } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getAccountSessions(): Promise<AccountSession[]> {
  const response = await http.get<unknown>('/account/sessions');
  return accountSessionsSchema.parse(response.data).data;
}

export const accountSessionsQueryOptions = () => queryOptions({ queryKey: queryKeys.account.sessions, queryFn: getAccountSessions });

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions());
}
