import { waitlistEntriesSchema, waitlistEntrySchema, type WaitlistEntry, type WaitlistJoin, type WaitlistKind } from '@caredesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VisitKind } from '@/components/visits/api/get-same-day-visits';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** Refetch while the panel is open: a hold lapses (or the patient answers) without a live event to the desk. */
export const WAITLIST_REFETCH_MS = 30_000;

/** The console's list kinds, as the waitlist names them. */
export const waitlistKindOf: Record<VisitKind, WaitlistKind> = { appointments: 'appointment', bookings: 'booking' };

/** Whose free slots a kind of visit takes: a booking from the line takes one, a removal may free a held one. */
const slotKeys = { appointments: queryKeys.doctorSlots, bookings: queryKeys.serviceSlots } as const;

export interface WaitlistDay {
  kind: VisitKind;
  ownerId: string;
  date: string;
}

/** One doctor's (scan's, test's) day: every entry in the order its patients joined. */
export async function getWaitlist({ kind, ownerId, date }: WaitlistDay, signal?: AbortSignal): Promise<WaitlistEntry[]> {
  const response = await http.get<unknown>('/waitlist', { params: { kind: waitlistKindOf[kind], ownerId, date }, signal });
  return waitlistEntriesSchema.parse(response.data).data;
}

/** Under the kind's key: the kind's live events and visit changes refetch it (lib/query-keys.ts). */
export const waitlistQueryOptions = (day: WaitlistDay) =>
  queryOptions({ queryKey: queryKeys[day.kind].waitlist(day.ownerId, day.date), queryFn: ({ signal }) => getWaitlist(day, signal) });

/** The day's line; `live` (the panel open) refetches it every 30 s. Null: no doctor or no single day chosen. */
export function useWaitlist(day: WaitlistDay | null, options: { live?: boolean } = {}) {
  return useQuery({
    ...waitlistQueryOptions(day ?? { kind: 'appointments', ownerId: '', date: '' }),
    enabled: day !== null,
    refetchInterval: options.live ? WAITLIST_REFETCH_MS : false,
  });
}

/** Refreshes what a change to the line touches: the line, the kind's lists (a booked visit) and its slots. */
function useWaitlistMutation<Input>(kind: VisitKind, mutationFn: (input: Input) => Promise<WaitlistEntry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys[kind].all }), queryClient.invalidateQueries({ queryKey: slotKeys[kind].all })]),
  });
}

/** POST /waitlist: 201 with the entry (its place in line); 409 while the day has a free slot, or the patient already waits. */
export function useJoinWaitlist(kind: VisitKind) {
  return useWaitlistMutation(kind, async (input: Omit<WaitlistJoin, 'kind'>) => {
    const response = await http.post<unknown>('/waitlist', { kind: waitlistKindOf[kind], ...input });
    return waitlistEntrySchema.parse(response.data);
  });
}

/** POST /waitlist/:id/book: the desk books the place offered to the patient (the entry, BOOKED, with its visitId). */
export function useBookWaitlistEntry(kind: VisitKind) {
  return useWaitlistMutation(kind, async (id: string) => waitlistEntrySchema.parse((await http.post<unknown>(`/waitlist/${id}/book`, {})).data));
}

/** DELETE /waitlist/:id: off the line (LEFT); a place held for them goes to the next patient. */
export function useRemoveWaitlistEntry(kind: VisitKind) {
  return useWaitlistMutation(kind, async (id: string) => waitlistEntrySchema.parse((await http.delete<unknown>(`/waitlist/${id}`)).data));
}
