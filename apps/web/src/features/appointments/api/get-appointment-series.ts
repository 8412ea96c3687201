import { appointmentSeriesSchema, type AppointmentSeries } from '@caredesk/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** A series and every appointment of it, by date. */
export async function getAppointmentSeries(id: string): Promise<AppointmentSeries> {
  const response = await http.get<unknown>(`/appointments/series/${encodeURIComponent(id)}`);
  return appointmentSeriesSchema.parse(response.data);
}

export function useAppointmentSeries(id: string | null | undefined) {
  return useQuery({ queryKey: queryKeys.appointments.series(id ?? ''), queryFn: () => getAppointmentSeries(id ?? ''), enabled: Boolean(id) });
}
