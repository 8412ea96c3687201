import type { PatientConversation } from '@caredesk/shared';
import { api } from '@/lib/http';

/** GET /api/patient/chats: the account's conversations in every organisation, newest activity first. */
export async function listConversations(signal: AbortSignal): Promise<PatientConversation[]> {
  const page = await api<{ data: PatientConversation[] }>('/patient/chats?limit=100', { signal });
  if (!Array.isArray(page.data)) throw new Error('Unexpected answer from the server');
  return page.data;
}
