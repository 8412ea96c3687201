import { doctorSchema, type Doctor } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { doctorsKey } from './get-doctors';

export async function getDoctor(id: string): Promise<Doctor> {
  const response = await http.get<unknown>(`/doctors/${encodeURIComponent(id)}`);
  return doctorSchema.parse(response.data);
}

export const doctorQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...doctorsKey, 'detail', id], queryFn: () => getDoctor(id) });

export function useDoctor(id: string) {
  return useQuery(doctorQueryOptions(id));
}
