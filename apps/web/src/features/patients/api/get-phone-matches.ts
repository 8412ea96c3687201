import { queryOptions, useQuery } from '@tanstack/react-query';
import { findPhoneMatches } from '@/components/visits/api/find-phone-matches';
import { queryKeys } from '@/lib/query-keys';

/** Other patients already using a (normalised) phone number, for the patient form's warning. */
export const phoneMatchesQueryOptions = (phone: string | null, excludeId?: string) =>
  queryOptions({
    queryKey: queryKeys.patients.phoneMatches(phone, excludeId ?? null),
    queryFn: ({ signal }) => findPhoneMatches(phone ?? '', excludeId, signal),
    enabled: Boolean(phone),
    staleTime: 30_000,
  });

export function usePhoneMatches(phone: string | null, excludeId?: string) {
  return useQuery(phoneMatchesQueryOptions(phone, excludeId));
}
