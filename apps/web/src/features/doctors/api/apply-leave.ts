import { doctorLeaveResultSchema, leaveConflictSchema, type DoctorLeaveInput, type DoctorLeaveResult, type LeaveVisitOutcome } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, HttpError } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** What each visit would have done when not all could move: nothing was saved (409). */
export function leaveOutcomesOf(error: unknown): LeaveVisitOutcome[] | null {
  if (!(error instanceof HttpError) || error.response?.status !== 409) return null;
  const parsed = leaveConflictSchema.safeParse(error.response.data);
  return parsed.success ? parsed.data.visits : null;
}

/**
 * POST /doctors/:id/leave: the leave, and the visits on its days cancelled or moved in one action
 * (each patient told by the usual message). A 409 lists the visits (no choice given yet) or what
 * each would have done (some could not move).
 */
export function useApplyLeave(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DoctorLeaveInput): Promise<DoctorLeaveResult> =>
      doctorLeaveResultSchema.parse((await http.post<unknown>(`/doctors/${encodeURIComponent(doctorId)}/leave`, input)).data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.doctors.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.doctorSlots.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
      ]),
  });
}
