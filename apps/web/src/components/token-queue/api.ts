import {
  tokenQueueSchema,
  tokenQueuesResponseSchema,
  walkInSchema,
  type TokenQueue,
  type TokenQueueAction,
  type TokenQueueKind,
  type TokenQueuesResponse,
  type WalkIn,
  type WalkInCreate,
} from '@caredesk/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** A desk's (a display's) choice of queues: one facility, one doctor (scan, test), only busy ones. */
export interface TokenQueueFilters {
  facilityId?: string;
  /** The doctor's id on doctors' queues, the scan's or test's on services'. */
  ownerId?: string;
  withPatients?: boolean;
}

/** The API's query string: facilityId, doctorId or serviceId, withPatients. */
export function tokenQueuesParams(kind: TokenQueueKind, filters: TokenQueueFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.facilityId) params.facilityId = filters.facilityId;
  if (filters.ownerId) params[kind === 'doctors' ? 'doctorId' : 'serviceId'] = filters.ownerId;
  if (filters.withPatients) params.withPatients = 'true';
  return params;
}

export async function getTokenQueues(kind: TokenQueueKind, filters: TokenQueueFilters = {}, signal?: AbortSignal): Promise<TokenQueuesResponse> {
  const response = await http.get<unknown>(`/tokens/${kind}`, { params: tokenQueuesParams(kind, filters), signal });
  return tokenQueuesResponseSchema.parse(response.data);
}

/**
 * Today's queues (`today` from useOrganisationToday: at the organisation's midnight the key
 * changes and the new day's queues load). A filter change keeps the old list on screen until the
 * new one arrives; a new day does not, so yesterday's queue is never shown as today's.
 */
export const tokenQueuesQueryOptions = (kind: TokenQueueKind, today: string, filters: TokenQueueFilters) =>
  queryOptions({
    // One day's, one filter's list (unset filters spelled out, so equal filters share it).
    queryKey: queryKeys.tokens.list(kind, today, { facilityId: filters.facilityId ?? null, ownerId: filters.ownerId ?? null, withPatients: Boolean(filters.withPatients) }),
    queryFn: ({ signal }) => getTokenQueues(kind, filters, signal),
    placeholderData: (previous) => (previous?.date === today ? keepPreviousData(previous) : undefined),
  });

export function useTokenQueues(kind: TokenQueueKind, today: string, filters: TokenQueueFilters) {
  return useQuery(tokenQueuesQueryOptions(kind, today, filters));
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

/** The answer is the queue as it now stands: it replaces that queue in every cached list at once. */
export function useQueueAction(kind: TokenQueueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QueueActionInput) => runQueueAction(kind, input),
    onSuccess: (queue) =>
      queryClient.setQueriesData<TokenQueuesResponse>({ queryKey: queryKeys.tokens.queues(kind) }, (previous) =>
        previous ? { ...previous, queues: previous.queues.map((item) => (item.id === queue.id ? queue : item)) } : previous,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens.queues(kind) }),
  });
}

export interface WalkInInput {
  queueId: string;
  body: WalkInCreate;
}

export async function addWalkIn(kind: TokenQueueKind, { queueId, body }: WalkInInput): Promise<WalkIn> {
  const response = await http.post<unknown>(`/tokens/${kind}/${encodeURIComponent(queueId)}/walk-ins`, body);
  return walkInSchema.parse(response.data);
}

/**
 * 'Add walk-in': the answer's queue replaces that queue in every cached list at once; the day's
 * lists and free slots are refetched too (a walk-in takes a slot's place, or one of its extras).
 */
export function useAddWalkIn(kind: TokenQueueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WalkInInput) => addWalkIn(kind, input),
    onSuccess: ({ queue }) =>
      queryClient.setQueriesData<TokenQueuesResponse>({ queryKey: queryKeys.tokens.queues(kind) }, (previous) =>
        previous ? { ...previous, queues: previous.queues.map((item) => (item.id === queue.id ? queue : item)) } : previous,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tokens.queues(kind) }),
        queryClient.invalidateQueries({ queryKey: kind === 'doctors' ? queryKeys.appointments.all : queryKeys.bookings.all }),
        queryClient.invalidateQueries({ queryKey: kind === 'doctors' ? queryKeys.doctorSlots.all : queryKeys.serviceSlots.all }),
      ]),
  });
}
