import { chatReadResponseSchema } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/chats/{patientId}/read: staff have read the patient's messages up to now. */
export async function markChatRead(patientId: string) {
  const response = await http.post<unknown>(`/chats/${encodeURIComponent(patientId)}/read`);
  return chatReadResponseSchema.parse(response.data);
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    // The list's unread badges and count; the bell's Chats tab may have been read with it.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations }), queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all })]),
  });
}
