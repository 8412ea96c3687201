import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { VisitKind } from './get-same-day-visits';

/** Whose free slots a kind of visit takes. */
const slotKeys = { appointments: queryKeys.doctorSlots, bookings: queryKeys.serviceSlots } as const;

/**
 * A change to a booked visit (a status action, a reschedule). Done or refused, the kind's lists
 * and records and the free slots are refetched: a cancel or no-show frees a slot, a move takes one.
 */
export function useVisitMutation<Input, Visit>(kind: VisitKind, mutationFn: (input: Input) => Promise<Visit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys[kind].all }), queryClient.invalidateQueries({ queryKey: slotKeys[kind].all })]),
  });
}
