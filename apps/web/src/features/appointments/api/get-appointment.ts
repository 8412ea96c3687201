import { appointmentSchema, type Appointment } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** One appointment with its history (who, when, from -> to, note). */
export async function getAppointment(id: string): Promise<Appointment> {
  const response = await http.get<unknown>(`/appointments/${encodeURIComponent(id)}`);
  return appointmentSchema.parse(response.data);
}

export const appointmentQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.appointments.detail(id), queryFn: () => getAppointment(id) });

export function useAppointment(id: string | null) {
  return useQuery({ ...appointmentQueryOptions(id ?? ''), enabled: Boolean(id) });
}
