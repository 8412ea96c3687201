import { messageLogItemSchema, type MessageLogItem, type testMessageRequestSchema } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export type TestMessageRequest = z.output<typeof testMessageRequestSchema>;

/** POST /api/messages/test: 'Send a test message' (202 with its log entry). */
export async function sendTestMessage(request: TestMessageRequest): Promise<MessageLogItem> {
  const response = await http.post<unknown>('/messages/test', request);
  return messageLogItemSchema.parse(response.data);
}

export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendTestMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }) });
}
