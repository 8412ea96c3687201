import { consultingPatientSchema, tokenQueueSchema, type ConsultingPatient, type TokenQueue, type TokenQueueAction } from '@caredesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** Today's queue of the account's doctor (`today`: at the organisation's midnight the new day loads). */
export const consultingQueueQueryOptions = (today: string) =>
  queryOptions({
    queryKey: queryKeys.tokens.consulting(today),
    queryFn: async ({ signal }): Promise<TokenQueue> => tokenQueueSchema.parse((await http.get<unknown>('/consulting/queue', { signal })).data),
    // No account without a doctor gets one by asking again.
    retry: false,
  });

export function useConsultingQueue(today: string) {
  return useQuery(consultingQueueQueryOptions(today));
}

/** The patient of one of today's visits, with their other visits and reports. */
export function useConsultingPatient(visitId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.tokens.consultingVisit(visitId ?? ''),
    queryFn: async ({ signal }): Promise<ConsultingPatient> =>
      consultingPatientSchema.parse((await http.get<unknown>(`/consulting/visits/${encodeURIComponent(visitId!)}`, { signal })).data),
    enabled: Boolean(visitId),
  });
}

/** Call next, complete, undo… on the room's queue; the answer is the queue as it now is. */
export function useConsultingAction(today: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: TokenQueueAction): Promise<TokenQueue> => tokenQueueSchema.parse((await http.post<unknown>(`/consulting/queue/actions/${action}`, {})).data),
    onSuccess: (queue) => queryClient.setQueryData(queryKeys.tokens.consulting(today), queue),
  });
}
