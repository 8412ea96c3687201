import { conversationListSchema } from '@caredesk/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface ConversationFilter {
  search?: string;
  unread?: boolean;
}

/** GET /api/chats: newest activity first, a cursor page at a time. */
export async function getConversations(query: ConversationFilter & { cursor?: string }) {
  const params = { cursor: query.cursor, search: query.search || undefined, unread: query.unread ? true : undefined };
  const response = await http.get<unknown>('/chats', { params });
  return conversationListSchema.parse(response.data);
}

export const conversationsQueryOptions = (filter: ConversationFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chat.conversationList(filter),
    queryFn: ({ pageParam }) => getConversations({ ...filter, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The conversation list ('Load more' by cursor); kept live by the ['chat'] invalidation. */
export function useConversations(filter: ConversationFilter) {
  return useInfiniteQuery(conversationsQueryOptions(filter));
}
