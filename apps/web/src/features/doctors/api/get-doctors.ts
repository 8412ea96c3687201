import { doctorSchema, paginatedSchema, type DoctorListQuery } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

const doctorPageSchema = paginatedSchema(doctorSchema);

export async function getDoctors(query: DoctorListQuery) {
  const response = await http.get<unknown>('/doctors', { params: query });
  return doctorPageSchema.parse(response.data);
}

export const doctorsQueryOptions = (query: DoctorListQuery) =>
  queryOptions({
    queryKey: queryKeys.doctors.list(query),
    queryFn: () => getDoctors(query),
    // The grid keeps showing the last page (under skeleton rows) while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useDoctors(query: DoctorListQuery) {
  return useQuery(doctorsQueryOptions(query));
}
