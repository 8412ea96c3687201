import { queryOptions, useQuery } from '@tanstack/react-query';
import { findPhoneMatches } from '@/components/visits/api/find-phone-matches';
import { patientsKey } from '@/components/visits/api/get-patient';

/** Other patients already using a (normalised) phone number, for the patient form's warning. */
export const phoneMatchesQueryOptions = (phone: string | null, excludeId?: string) =>
  queryOptions({
    queryKey: [...patientsKey, 'phone-matches', phone, excludeId ?? null],
    queryFn: ({ signal }) => findPhoneMatches(phone ?? '', excludeId, signal),
    enabled: Boolean(phone),
    staleTime: 30_000,
  });

export function usePhoneMatches(phone: string | null, excludeId?: string) {
  return useQuery(phoneMatchesQueryOptions(phone, excludeId));
}
