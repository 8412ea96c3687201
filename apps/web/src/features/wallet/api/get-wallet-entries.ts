import { paginatedSchema, walletEntrySchema } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const walletEntryPageSchema = paginatedSchema(walletEntrySchema);
export type WalletEntryPage = z.infer<typeof walletEntryPageSchema>;

/** kind, from, to, sort, order, page, pageSize: as in the page's URL. */
export type WalletEntryParams = Record<string, string | number>;

export async function getWalletEntries(params: WalletEntryParams, signal?: AbortSignal): Promise<WalletEntryPage> {
  const response = await http.get<unknown>('/wallet/entries', { params, signal });
  return walletEntryPageSchema.parse(response.data);
}

export const walletEntriesQueryOptions = (params: WalletEntryParams) =>
  queryOptions({
    // Under ['wallet']: a recharge or a wallet.updated event refreshes the ledger with the balance.
    queryKey: queryKeys.wallet.entries(params),
    queryFn: ({ signal }) => getWalletEntries(params, signal),
    placeholderData: keepPreviousData,
  });

export function useWalletEntries(params: WalletEntryParams) {
  return useQuery(walletEntriesQueryOptions(params));
}
