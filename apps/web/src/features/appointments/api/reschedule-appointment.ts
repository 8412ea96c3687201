import { appointmentSchema, type Appointment, type AppointmentReschedule } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

export type RescheduleInput = AppointmentReschedule & { id: string };

export async function rescheduleAppointment({ id, ...body }: RescheduleInput): Promise<Appointment> {
  const response = await http.post<unknown>(`/appointments/${encodeURIComponent(id)}/reschedule`, body);
  return appointmentSchema.parse(response.data);
}

export function useRescheduleAppointment() {
  return useVisitMutation('appointments', rescheduleAppointment);
}
