import type { PatientChatMessage, PatientChatSend, PatientChatSent, PatientChatStart } from '@caredesk/shared';
import { api } from '@/lib/http';

/** POST /api/patient/chats/{id}/messages; a retry with the same clientId answers the first message. */
export function sendMessage(conversationId: string, message: PatientChatSend): Promise<PatientChatMessage> {
  return api<PatientChatMessage>(`/patient/chats/${encodeURIComponent(conversationId)}/messages`, { method: 'POST', body: message });
}

/** POST /api/patient/chats: the first message to an organisation (or the next, if a conversation exists). */
export function startConversation(message: PatientChatStart): Promise<PatientChatSent> {
  return api<PatientChatSent>('/patient/chats', { method: 'POST', body: message });
}
