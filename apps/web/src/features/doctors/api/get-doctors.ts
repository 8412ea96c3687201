import { doctorSchema, paginatedSchema, type DoctorListQuery } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

const doctorPageSchema = paginatedSchema(doctorSchema);

/** Every doctor query starts with this key: mutations invalidate it. */
export const doctorsKey = ['doctors'] as const;

export async function getDoctors(query: DoctorListQuery) {
  const response = await http.get<unknown>('/doctors', { params: query });
  return doctorPageSchema.parse(response.data);
}

export const doctorsQueryOptions = (query: DoctorListQuery) =>
  queryOptions({
    queryKey: [...doctorsKey, 'list', query],
    queryFn: () => getDoctors(query),
    // The grid keeps showing the last page (under skeleton rows) while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useDoctors(query: DoctorListQuery) {
  return useQuery(doctorsQueryOptions(query));
}
