import { chatBroadcastResultSchema, type ChatBroadcast, type ChatBroadcastResult } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/chats/broadcast: one text into the chat of each patient (the visit lists' bulk
 * 'Message'). The clientId makes a retry of the same send write nothing twice.
 */
export async function messagePatients(body: ChatBroadcast): Promise<ChatBroadcastResult> {
  const response = await http.post<unknown>('/chats/broadcast', body);
  return chatBroadcastResultSchema.parse(response.data);
}

/** The chats' lists and threads show the new messages once sent. */
export function useMessagePatients() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: messagePatients, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.chat.all }) });
}
