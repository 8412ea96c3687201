import { appointmentSchema, type Appointment } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface RescheduleInput {
  id: string;
  date: string;
  startTime: string;
  doctorId?: string;
  reason?: string;
}

export async function rescheduleAppointment({ id, ...body }: RescheduleInput): Promise<Appointment> {
  const response = await http.post<unknown>(`/appointments/${encodeURIComponent(id)}/reschedule`, body);
  return appointmentSchema.parse(response.data);
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.doctorSlots.all }),
      ]),
  });
}
