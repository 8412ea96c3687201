import { appointmentSchema, type Appointment } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/**
 * The desk confirms a appointment booked in the patient app: the patient is then sent its
 * confirmation and reminders. 409 when it is not awaiting confirmation (or was cancelled).
 */
export async function confirmAppointment(id: string): Promise<Appointment> {
  const response = await http.post<unknown>(`/appointments/${encodeURIComponent(id)}/confirm`, {});
  return appointmentSchema.parse(response.data);
}

export function useConfirmAppointment() {
  return useVisitMutation('appointments', confirmAppointment);
}
