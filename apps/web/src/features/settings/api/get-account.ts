import { accountSchema, type Account } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getAccount(): Promise<Account> {
  const response = await http.get<unknown>('/account');
  return accountSchema.parse(response.data);
}

export const accountQueryOptions = () => queryOptions({ queryKey: queryKeys.account.all, queryFn: getAccount });

export function useAccount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQueryOptions(), enabled: options.enabled ?? true });
}
