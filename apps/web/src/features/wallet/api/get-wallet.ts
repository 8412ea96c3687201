import { walletSchema, type Wallet } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getWallet(): Promise<Wallet> {
  const response = await http.get<unknown>('/wallet');
  return walletSchema.parse(response.data);
}

export const walletQueryOptions = () => queryOptions({ queryKey: queryKeys.wallet.all, queryFn: getWallet, staleTime: 30_000 });

export function useWallet() {
  return useQuery(walletQueryOptions());
}
