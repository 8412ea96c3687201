import { messageSettingsSchema, type MessageSettings, type MessageSettingsUpdate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { messageSettingsQueryOptions } from './get-message-settings';

/** PATCH /api/messages/settings with only the parts that changed; answers the whole settings. */
export async function updateMessageSettings(changes: MessageSettingsUpdate): Promise<MessageSettings> {
  const response = await http.patch<unknown>('/messages/settings', changes);
  return messageSettingsSchema.parse(response.data);
}

export function useUpdateMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageSettings,
    onSuccess: (saved) => queryClient.setQueryData(messageSettingsQueryOptions().queryKey, saved),
  });
}
