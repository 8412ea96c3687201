import { patientMatchesSchema, type PatientSummary } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientsKey } from '@/components/visits/api/get-patient';
import { http } from '@/lib/http';

/**
 * Other patients already using a (normalised) phone number. A POST: the number goes in the body,
 * never in a URL (browser history, proxies and access logs keep URLs).
 */
export async function getPhoneMatches(phone: string, excludeId: string | undefined, signal?: AbortSignal): Promise<PatientSummary[]> {
  const response = await http.post<unknown>('/patients/matches', excludeId ? { phone, excludeId } : { phone }, { signal });
  return patientMatchesSchema.parse(response.data).data;
}

export const phoneMatchesQueryOptions = (phone: string | null, excludeId?: string) =>
  queryOptions({
    queryKey: [...patientsKey, 'phone-matches', phone, excludeId ?? null],
    queryFn: ({ signal }) => getPhoneMatches(phone ?? '', excludeId, signal),
    enabled: Boolean(phone),
    staleTime: 30_000,
  });

export function usePhoneMatches(phone: string | null, excludeId?: string) {
  return useQuery(phoneMatchesQueryOptions(phone, excludeId));
}
