import { doctorSchema, type Doctor } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getDoctor(id: string): Promise<Doctor> {
  const response = await http.get<unknown>(`/doctors/${encodeURIComponent(id)}`);
  return doctorSchema.parse(response.data);
}

export const doctorQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.doctors.detail(id), queryFn: () => getDoctor(id) });

export function useDoctor(id: string) {
  return useQuery(doctorQueryOptions(id));
}
