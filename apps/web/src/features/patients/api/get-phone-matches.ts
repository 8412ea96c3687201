import { phoneMatchesSchema } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { patientsKey } from './get-patients';

export type PhoneMatch = { id: string; name: string };

/** Other patients already using a (normalised) phone number. */
export async function getPhoneMatches(phone: string, excludeId: string | undefined, signal?: AbortSignal): Promise<PhoneMatch[]> {
  const params = excludeId ? { phone, excludeId } : { phone };
  const response = await http.get<unknown>('/patients/phone-matches', { params, signal });
  return phoneMatchesSchema.parse(response.data).data;
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
