import type { PatientChatThread } from '@caredesk/shared';
import { api } from '@/lib/http';

/** GET /api/patient/chats/{id}/messages: the newest page, or the one before `before`; oldest first. */
export function getThread(conversationId: string, options: { before?: string | null; signal?: AbortSignal } = {}): Promise<PatientChatThread> {
  const query = options.before ? `?before=${encodeURIComponent(options.before)}` : '';
  return api<PatientChatThread>(`/patient/chats/${encodeURIComponent(conversationId)}/messages${query}`, options.signal ? { signal: options.signal } : {});
}
