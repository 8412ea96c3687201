import { chatMessageSchema, type ChatAttachment, type ChatMessage, type ChatSend } from '@caredesk/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useLiveResync } from '@/lib/events';
import { errorMessage, http } from '@/lib/http';
import { chatThreadQueryOptions, withSentMessage } from './get-chat-thread';
import { pendingStoreOf, type PendingMessage } from './pending-messages';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/chats/{patientId}/messages; the server de-duplicates by clientId, so a retry is safe. */
export async function sendChatMessage(patientId: string, body: ChatSend): Promise<ChatMessage> {
  const response = await http.post<unknown>(`/chats/${encodeURIComponent(patientId)}/messages`, body);
  return chatMessageSchema.parse(response.data);
}

/**
 * Optimistic sending: the message shows at once as 'Sending…' under a fresh clientId, is swapped
 * for the server's copy when it answers, or stays as 'Not sent' with a retry that resends the
 * same clientId. Failed messages go out again by themselves after the live channel reconnects.
 */
export function useSendChatMessage(patientId: string) {
  const queryClient = useQueryClient();
  const store = pendingStoreOf(queryClient);
  const pending = useSyncExternalStore(store.subscribe, () => store.of(patientId));

  const deliver = useCallback(
    async (message: PendingMessage) => {
      store.put({ ...message, status: 'sending', error: undefined });
      try {
        const body: ChatSend = { text: message.text, clientId: message.clientId, attachmentUploadId: message.attachment?.uploadId };
        const sent = await sendChatMessage(message.patientId, body);
        queryClient.setQueryData(chatThreadQueryOptions(message.patientId).queryKey, (data) => withSentMessage(data, sent));
        store.remove(message.patientId, message.clientId);
        await queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
      } catch (error) {
        store.put({ ...message, status: 'failed', error: errorMessage(error) });
      }
    },
    [queryClient, store],
  );

  const send = (text: string, attachment: ChatAttachment | null) =>
    deliver({ clientId: crypto.randomUUID(), patientId, text: text.trim(), attachment, createdAt: new Date().toISOString(), status: 'sending' });

  const retry = (clientId: string) => {
    const message = store.find(patientId, clientId);
    if (message) void deliver(message);
  };

  useLiveResync(() => {
    for (const message of store.of(patientId)) if (message.status === 'failed') void deliver(message);
  });

  return { pending, send, retry };
}
