import { api } from '@/lib/http';

/** POST /api/patient/chats/{id}/read: the desk's messages are read; the desk sees ✓✓. */
export async function markRead(conversationId: string): Promise<void> {
  await api(`/patient/chats/${encodeURIComponent(conversationId)}/read`, { method: 'POST', body: {} });
}
