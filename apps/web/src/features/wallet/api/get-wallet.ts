import { walletSchema, type Wallet } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export async function getWallet(): Promise<Wallet> {
  const response = await http.get<unknown>('/wallet');
  return walletSchema.parse(response.data);
}

/** Every wallet query starts with this key; the live channel's wallet.updated refreshes them all. */
export const walletKey = ['wallet'] as const;

export const walletQueryOptions = () => queryOptions({ queryKey: walletKey, queryFn: getWallet, staleTime: 30_000 });

export function useWallet() {
  return useQuery(walletQueryOptions());
}
