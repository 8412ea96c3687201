import { appointmentSchema, paginatedSchema } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const appointmentPageSchema = paginatedSchema(appointmentSchema);
const PARAMS = { sort: 'date', order: 'desc', pageSize: 50 } as const;

/** The patient's appointments, newest first (the patient view's Appointments tab). */
export async function getPatientAppointments(patientId: string, signal?: AbortSignal) {
  const response = await http.get<unknown>('/appointments', { params: { patientId, ...PARAMS }, signal });
  return appointmentPageSchema.parse(response.data);
}

/** Under ['appointments'], so bookings and live updates refresh the tab too. */
export const patientAppointmentsQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: ['appointments', 'list', { patientId, ...PARAMS }],
    queryFn: ({ signal }) => getPatientAppointments(patientId, signal),
  });

export function usePatientAppointments(patientId: string) {
  return useQuery(patientAppointmentsQueryOptions(patientId));
}
