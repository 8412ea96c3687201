import { appointmentSummarySchema, bookingSummarySchema, paginatedSchema } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const PARAMS = { sort: 'date', order: 'desc', pageSize: 50 } as const;

/** GET /appointments or /bookings of one patient, newest first (the patient view's tabs). */
export async function getPatientVisits<Page extends z.ZodType>(path: 'appointments' | 'bookings', schema: Page, patientId: string, signal?: AbortSignal): Promise<z.infer<Page>> {
  const response = await http.get<unknown>(`/${path}`, { params: { patientId, ...PARAMS }, signal });
  return schema.parse(response.data);
}

/** Under ['appointments'] / ['bookings'], so new visits and live updates refresh the tab too. */
const patientVisitsQueryOptions = <Page extends z.ZodType>(path: 'appointments' | 'bookings', schema: Page, patientId: string) =>
  queryOptions({
    queryKey: queryKeys[path].list({ patientId, ...PARAMS }),
    queryFn: ({ signal }) => getPatientVisits(path, schema, patientId, signal),
  });

// The lists answer their columns only (issue 13): the tabs show token, date, time, whom and status.
const appointmentPageSchema = paginatedSchema(appointmentSummarySchema);
const bookingPageSchema = paginatedSchema(bookingSummarySchema);

export function usePatientAppointments(patientId: string) {
  return useQuery(patientVisitsQueryOptions('appointments', appointmentPageSchema, patientId));
}

export function usePatientBookings(patientId: string) {
  return useQuery(patientVisitsQueryOptions('bookings', bookingPageSchema, patientId));
}
