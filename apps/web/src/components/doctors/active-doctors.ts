import { doctorSchema, paginatedSchema } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const doctorPageSchema = paginatedSchema(doctorSchema);
const ACTIVE_DOCTORS = { active: 'true', pageSize: 200, sort: 'name', order: 'asc' } as const;

export async function getActiveDoctors(signal?: AbortSignal) {
  const response = await http.get<unknown>('/doctors', { params: ACTIVE_DOCTORS, signal });
  return doctorPageSchema.parse(response.data).data;
}

/**
 * Every active doctor, by name: the booking pickers and the staff form's doctor. Under the doctors
 * feature's ['doctors'] prefix, so a doctor's change refreshes them.
 */
export const activeDoctorsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.doctors.list(ACTIVE_DOCTORS), queryFn: ({ signal }) => getActiveDoctors(signal), staleTime: 60_000 });

export function useActiveDoctors() {
  return useQuery(activeDoctorsQueryOptions());
}
