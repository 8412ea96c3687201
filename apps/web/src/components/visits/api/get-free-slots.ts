import { slotsResponseSchema, type SlotsResponse } from '@caredesk/shared';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Refetch while a slot picker is open, in case a live update is missed. */
export const SLOTS_REFETCH_MS = 30_000;

/** Only free slots (remaining > 0) on the date, from a doctor's or a service's `/slots`. */
export async function getFreeSlots(url: string, date: string, signal?: AbortSignal): Promise<SlotsResponse> {
  const response = await http.get<unknown>(url, { params: { date }, signal });
  return slotsResponseSchema.parse(response.data);
}

/**
 * `queryKey` must sit under the prefix the live-update channel invalidates for the owner's
 * visits (['doctor-slots', …] or ['service-slots', …]).
 */
export const freeSlotsQueryOptions = <Key extends QueryKey>(queryKey: Key, url: string, date: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => getFreeSlots(url, date, signal),
    refetchInterval: SLOTS_REFETCH_MS,
  });
