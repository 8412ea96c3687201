import { messageSettingsSchema, type MessageSettings } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/messages/settings: what is sent and how, the texts, prices and providers. */
export async function getMessageSettings(signal?: AbortSignal): Promise<MessageSettings> {
  const response = await http.get<unknown>('/messages/settings', { signal });
  return messageSettingsSchema.parse(response.data);
}

export const messageSettingsQueryOptions = () => queryOptions({ queryKey: queryKeys.settings.messages, queryFn: ({ signal }) => getMessageSettings(signal) });

export function useMessageSettings() {
  return useQuery(messageSettingsQueryOptions());
}
