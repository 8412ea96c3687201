import { onlineBookingSettingsSchema, type OnlineBookingSettings, type OnlineBookingUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { onlineBookingSettingsQueryOptions } from './get-online-booking-settings';

/** PATCH /api/settings/online-booking with only what changed; answers the whole settings. */
export async function updateOnlineBookingSettings(changes: OnlineBookingUpdate): Promise<OnlineBookingSettings> {
  const response = await http.patch<unknown>('/settings/online-booking', changes);
  return onlineBookingSettingsSchema.parse(response.data);
}

export function useUpdateOnlineBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnlineBookingSettings,
    onSuccess: (saved) => queryClient.setQueryData(onlineBookingSettingsQueryOptions().queryKey, saved),
  });
}
