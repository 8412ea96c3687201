import { onlineBookingSettingsSchema, type OnlineBookingSettings } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/settings/online-booking: the page address, the rules, and each doctor's and scan's switch. */
export async function getOnlineBookingSettings(signal?: AbortSignal): Promise<OnlineBookingSettings> {
  const response = await http.get<unknown>('/settings/online-booking', { signal });
  return onlineBookingSettingsSchema.parse(response.data);
}

export const onlineBookingSettingsQueryOptions = () => queryOptions({ queryKey: queryKeys.settings.onlineBooking, queryFn: ({ signal }) => getOnlineBookingSettings(signal) });

export function useOnlineBookingSettings() {
  return useQuery(onlineBookingSettingsQueryOptions());
}
