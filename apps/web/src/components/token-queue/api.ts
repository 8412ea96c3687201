import { tokenQueueSchema, tokenQueuesResponseSchema, type TokenQueue, type TokenQueueAction, type TokenQueueKind, type TokenQueuesResponse } from '@caredesk/shared';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Starts with 'tokens': token.updated (and appointment/booking.updated) events make it stale. */
export const tokenQueuesKey = (kind: TokenQueueKind) => ['tokens', kind] as const;

export async function getTokenQueues(kind: TokenQueueKind, signal?: AbortSignal): Promise<TokenQueuesResponse> {
  const response = await http.get<unknown>(`/tokens/${kind}`, { signal });
  return tokenQueuesResponseSchema.parse(response.data);
}

export function useTokenQueues(kind: TokenQueueKind) {
  return useQuery({ queryKey: tokenQueuesKey(kind), queryFn: ({ signal }) => getTokenQueues(kind, signal) });
}

export interface QueueActionInput {
  queueId: string;
  action: TokenQueueAction;
  /** skip (a particular waiting token) and recall (a skipped token). */
  visitId?: string;
}

export async function runQueueAction(kind: TokenQueueKind, { queueId, action, visitId }: QueueActionInput): Promise<TokenQueue> {
  const response = await http.post<unknown>(`/tokens/${kind}/${encodeURIComponent(queueId)}/actions/${action}`, visitId ? { visitId } : {});
  return tokenQueueSchema.parse(response.data);
}

/** The answer is the queue as it now stands: it replaces that queue in the cached list at once. */
export function useQueueAction(kind: TokenQueueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QueueActionInput) => runQueueAction(kind, input),
    onSuccess: (queue) =>
      queryClient.setQueryData<TokenQueuesResponse>(tokenQueuesKey(kind), (previous) =>
        previous ? { ...previous, queues: previous.queues.map((item) => (item.id === queue.id ? queue : item)) } : previous,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokenQueuesKey(kind) }),
  });
}
