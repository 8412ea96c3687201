import { searchResponseSchema, type SearchResult } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** The API answers from two characters on (searchQuerySchema). */
export const SEARCH_MIN_CHARS = 2;

export async function searchRecords(q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const response = await http.get<unknown>('/search', { params: { q, limit: 8 }, signal });
  return searchResponseSchema.parse(response.data).data;
}

export const searchRecordsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search(q),
    // The signal cancels the call for a query the user has typed past.
    queryFn: ({ signal }) => searchRecords(q, signal),
    enabled: q.length >= SEARCH_MIN_CHARS,
    staleTime: 30_000,
  });

/** Patients, doctors and services matching q. No placeholder data: an older query's rows never show. */
export function useSearchRecords(q: string) {
  return useQuery(searchRecordsQueryOptions(q));
}
