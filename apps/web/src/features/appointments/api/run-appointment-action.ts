import { appointmentSchema, type Appointment, type AppointmentAction } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface AppointmentActionInput {
  id: string;
  action: AppointmentAction;
  /** Required for cancel. */
  reason?: string;
}

/** 409 'Cannot start: the appointment is BOOKED' when the move is not allowed from its status. */
export async function runAppointmentAction({ id, action, reason }: AppointmentActionInput): Promise<Appointment> {
  const response = await http.post<unknown>(`/appointments/${encodeURIComponent(id)}/actions/${action}`, reason ? { reason } : {});
  return appointmentSchema.parse(response.data);
}

export function useAppointmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAppointmentAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all }),
        // A cancel or no-show frees the slot.
        queryClient.invalidateQueries({ queryKey: queryKeys.doctorSlots.all }),
      ]),
  });
}
