import { appointmentSummarySchema, paginatedSchema, type AppointmentSummary } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** The list's columns only; the drawer reads the one record (get-appointment). */
const appointmentPageSchema = paginatedSchema(appointmentSummarySchema);
export type AppointmentPage = z.infer<typeof appointmentPageSchema>;
export type { AppointmentSummary };

/** from, to, doctorId, patientId, status (comma-separated), search, page, pageSize, sort, order. */
export type AppointmentListParams = Record<string, string | number>;

export async function getAppointments(params: AppointmentListParams, signal?: AbortSignal): Promise<AppointmentPage> {
  const response = await http.get<unknown>('/appointments', { params, signal });
  return appointmentPageSchema.parse(response.data);
}

export const appointmentsQueryOptions = (params: AppointmentListParams) =>
  queryOptions({
    queryKey: queryKeys.appointments.list(params),
    queryFn: ({ signal }) => getAppointments(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAppointments(params: AppointmentListParams) {
  return useQuery(appointmentsQueryOptions(params));
}
