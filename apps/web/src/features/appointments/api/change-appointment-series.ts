import { seriesChangeResultSchema, type AppointmentSeriesReschedule, type SeriesChangeResult } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/** Every appointment of the series still booked ahead cancelled with the reason; answers what changed and what could not. */
export async function cancelAppointmentSeries({ id, reason }: { id: string; reason: string }): Promise<SeriesChangeResult> {
  const response = await http.post<unknown>(`/appointments/series/${encodeURIComponent(id)}/cancel`, { reason });
  return seriesChangeResultSchema.parse(response.data);
}

/** Every appointment of the series still booked ahead moved to a new time of its day (and/or doctor). */
export async function rescheduleAppointmentSeries({ id, ...body }: AppointmentSeriesReschedule & { id: string }): Promise<SeriesChangeResult> {
  const response = await http.post<unknown>(`/appointments/series/${encodeURIComponent(id)}/reschedule`, body);
  return seriesChangeResultSchema.parse(response.data);
}

export function useCancelAppointmentSeries() {
  return useVisitMutation('appointments', cancelAppointmentSeries);
}

export function useRescheduleAppointmentSeries() {
  return useVisitMutation('appointments', rescheduleAppointmentSeries);
}
