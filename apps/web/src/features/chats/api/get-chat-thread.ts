import { chatThreadSchema, type ChatMessage, type ChatThread } from '@caredesk/shared';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/chats/{patientId}?before=: one page of the thread, oldest of the page first; 404 for another organisation's patient. */
export async function getChatThread(patientId: string, before?: string): Promise<ChatThread> {
  const response = await http.get<unknown>(`/chats/${encodeURIComponent(patientId)}`, { params: { before } });
  return chatThreadSchema.parse(response.data);
}

/** Pages newest first: the first is the latest messages, each next one reaches further back. */
export const chatThreadQueryOptions = (patientId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chat.thread(patientId),
    queryFn: ({ pageParam }) => getChatThread(patientId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.previousCursor ?? undefined,
  });

export function useChatThread(patientId: string) {
  return useInfiniteQuery(chatThreadQueryOptions(patientId));
}

/**
 * The thread's messages oldest first, each once: a live refetch can move a message from one
 * page to the next while pages are re-read, so both its id and its client id are checked.
 */
export function threadMessages(data: InfiniteData<ChatThread> | undefined): ChatMessage[] {
  const seenIds = new Set<string>();
  const seenClientIds = new Set<string>();
  const messages: ChatMessage[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page.messages) {
      if (seenIds.has(message.id) || (message.clientId && seenClientIds.has(message.clientId))) continue;
      seenIds.add(message.id);
      if (message.clientId) seenClientIds.add(message.clientId);
      messages.push(message);
    }
  }
  return messages.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The server's answer to a send, put into the latest page at once (unless a refetch already brought it). */
export function withSentMessage(data: InfiniteData<ChatThread> | undefined, message: ChatMessage): InfiniteData<ChatThread> | undefined {
  if (!data?.pages[0]) return data;
  const present = data.pages.some((page) => page.messages.some((item) => item.id === message.id || (message.clientId !== null && item.clientId === message.clientId)));
  if (present) return data;
  const [latest, ...older] = data.pages;
  return { ...data, pages: [{ ...latest, messages: [...latest.messages, message] }, ...older] };
}
