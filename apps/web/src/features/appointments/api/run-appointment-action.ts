import { appointmentSchema, type Appointment, type AppointmentAction } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

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
  return useVisitMutation('appointments', runAppointmentAction);
}
