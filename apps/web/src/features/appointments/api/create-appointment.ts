import { appointmentSchema, type Appointment, type AppointmentCreate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** 201 with the booked appointment; 409 'This slot is full: choose another time' when taken meanwhile. */
export async function createAppointment(input: AppointmentCreate): Promise<Appointment> {
  const response = await http.post<unknown>('/appointments', input);
  return appointmentSchema.parse(response.data);
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    // Success or a full slot: the doctor's free slots on that day have changed either way.
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.appointments.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.doctorSlots.of(input.doctorId, input.date) }),
      ]),
  });
}
