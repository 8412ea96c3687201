import { messageLogItemSchema, paginatedSchema, type MessageListQuery } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const messagePageSchema = paginatedSchema(messageLogItemSchema);
export type MessagePage = z.infer<typeof messagePageSchema>;

/** What GET /api/messages filters by: a patient, a visit, event, channel, status; page and size. */
export type MessageParams = Partial<Record<Exclude<keyof MessageListQuery, 'page' | 'pageSize'>, string>> & { page?: number; pageSize?: number };

/** GET /api/messages: the organisation's messages to patients, newest first. */
export async function getMessages(params: MessageParams, signal?: AbortSignal): Promise<MessagePage> {
  const response = await http.get<unknown>('/messages', { params, signal });
  return messagePageSchema.parse(response.data);
}

export const messagesQueryOptions = (params: MessageParams) =>
  queryOptions({
    queryKey: queryKeys.messages.list(params),
    queryFn: ({ signal }) => getMessages(params, signal),
    placeholderData: keepPreviousData,
  });

/** The log, one patient's messages or one visit's; `enabled` waits for an id. */
export function useMessages(params: MessageParams, enabled = true) {
  return useQuery({ ...messagesQueryOptions(params), enabled });
}
