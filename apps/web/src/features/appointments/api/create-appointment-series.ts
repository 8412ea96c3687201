import { appointmentSeriesBookedSchema, type AppointmentSeriesBooked, type AppointmentSeriesCreate } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/** 201 with the series, the appointments booked and the dates skipped with why; 409 when no date could be booked. */
export async function createAppointmentSeries(input: AppointmentSeriesCreate): Promise<AppointmentSeriesBooked> {
  const response = await http.post<unknown>('/appointments/series', input);
  return appointmentSeriesBookedSchema.parse(response.data);
}

export function useCreateAppointmentSeries() {
  return useVisitMutation('appointments', createAppointmentSeries);
}
