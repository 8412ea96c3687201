import { messageLogItemSchema, type MessageLogItem } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/messages/:id/retry (admins): a failed or skipped message is queued again. */
export async function retryMessage(id: string): Promise<MessageLogItem> {
  const response = await http.post<unknown>(`/messages/${encodeURIComponent(id)}/retry`);
  return messageLogItemSchema.parse(response.data);
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }) });
}
