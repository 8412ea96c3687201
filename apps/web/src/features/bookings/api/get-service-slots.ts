import { useQuery } from '@tanstack/react-query';
import { freeSlotsQueryOptions } from '@/components/visits/api/get-free-slots';
import { queryKeys } from '@/lib/query-keys';

/** Only free places (remaining > 0, by the scan's capacity per slot) on the date; refetched every 30 s while shown. */
export const serviceSlotsQueryOptions = (serviceId: string, date: string) =>
  freeSlotsQueryOptions(queryKeys.serviceSlots.of(serviceId, date), `/services/${encodeURIComponent(serviceId)}/slots`, date);

export function useServiceSlots(serviceId: string | null, date: string) {
  return useQuery({ ...serviceSlotsQueryOptions(serviceId ?? '', date), enabled: Boolean(serviceId && date) });
}
