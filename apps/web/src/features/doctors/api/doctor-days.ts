import { doctorDayChangeSchema, doctorDayChangesSchema, visitsConflictSchema, type AffectedVisit, type DoctorDayChange, type DoctorDayInput } from '@caredesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, HttpError } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const dayUrl = (doctorId: string, date: string) => `/doctors/${encodeURIComponent(doctorId)}/days/${encodeURIComponent(date)}`;

/** The doctor's days changed from the weekly schedule, from the organisation's today on. */
export const doctorDaysQueryOptions = (doctorId: string) =>
  queryOptions({
    queryKey: queryKeys.doctors.days(doctorId),
    queryFn: async ({ signal }) => doctorDayChangesSchema.parse((await http.get<unknown>(`/doctors/${encodeURIComponent(doctorId)}/days`, { signal })).data).data,
  });

export function useDoctorDays(doctorId: string) {
  return useQuery(doctorDaysQueryOptions(doctorId));
}

/** The visits a 409 names (a day change stranding them, leave over booked days), or null for any other failure. */
export function conflictVisitsOf(error: unknown): AffectedVisit[] | null {
  if (!(error instanceof HttpError) || error.response?.status !== 409) return null;
  const parsed = visitsConflictSchema.safeParse(error.response.data);
  return parsed.success ? parsed.data.visits : null;
}

/** A day's change reaches its free slots, the calendar's cells and the doctor's page. */
async function refreshDays(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.doctors.all }), queryClient.invalidateQueries({ queryKey: queryKeys.doctorSlots.all })]);
}

export function useSaveDoctorDay(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, input }: { date: string; input: DoctorDayInput }): Promise<DoctorDayChange> =>
      doctorDayChangeSchema.parse((await http.put<unknown>(dayUrl(doctorId, date), input)).data),
    onSuccess: () => refreshDays(queryClient),
  });
}

export function useRemoveDoctorDay(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, keep }: { date: string; keep?: boolean }) => {
      await http.delete(dayUrl(doctorId, date), keep ? { params: { strandedVisits: 'keep' } } : undefined);
    },
    onSuccess: () => refreshDays(queryClient),
  });
}
