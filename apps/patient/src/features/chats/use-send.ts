import type { PatientChatMessage } from '@caredesk/shared';
import { useCallback, useState } from 'react';
import { paths } from '@/config/paths';
import { navigate } from '@/lib/router';
import { sendMessage, startConversation } from './api/send-message';
import { newClientId } from './chat-format';

/** What a pending message shows of its attachment (already uploaded). */
export interface PendingAttachment {
  uploadId: string;
  name: string;
  mimeType: string;
  size: number;
}

/** A message on its way, or one that failed (with Retry). Its clientId makes a retry safe. */
export interface PendingMessage {
  clientId: string;
  text: string;
  attachment: PendingAttachment | null;
  createdAt: string;
  status: 'sending' | 'failed';
  error: unknown;
}

interface Target {
  conversationId: string | null;
  /** For a first message (conversationId null). */
  organisationId: string | null;
  /** A sent message, to show until the thread is read again. */
  onSent: (message: PatientChatMessage) => void;
}

/** Sends to the conversation, or starts it with the first message and moves to its address. */
export function useSend({ conversationId, organisationId, onSent }: Target) {
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const deliver = useCallback(
    async (message: PendingMessage) => {
      const body = { text: message.text, clientId: message.clientId, ...(message.attachment ? { attachmentUploadId: message.attachment.uploadId } : {}) };
      try {
        if (conversationId) {
          onSent(await sendMessage(conversationId, body));
          setPending((list) => list.filter((item) => item.clientId !== message.clientId));
        } else if (organisationId) {
          const sent = await startConversation({ organisationId, ...body });
          navigate(paths.chat.getHref(sent.conversationId), { replace: true });
        }
      } catch (error) {
        setPending((list) => list.map((item) => (item.clientId === message.clientId ? { ...item, status: 'failed', error } : item)));
      }
    },
    [conversationId, organisationId, onSent],
  );

  const send = useCallback(
    (text: string, attachment: PendingAttachment | null) => {
      const message: PendingMessage = { clientId: newClientId(), text, attachment, createdAt: new Date().toISOString(), status: 'sending', error: null };
      setPending((list) => [...list, message]);
      void deliver(message);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = pending.find((item) => item.clientId === clientId);
      if (!message) return;
      const again = { ...message, status: 'sending' as const, error: null };
      setPending((list) => list.map((item) => (item.clientId === clientId ? again : item)));
      void deliver(again);
    },
    [pending, deliver],
  );

  return { pending, send, retry };
}
