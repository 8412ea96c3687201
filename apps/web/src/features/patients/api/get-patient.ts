import { patientSchema, type Patient } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { patientsKey } from './get-patients';

export async function getPatient(id: string): Promise<Patient> {
  const response = await http.get<unknown>(`/patients/${encodeURIComponent(id)}`);
  return patientSchema.parse(response.data);
}

export const patientQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...patientsKey, 'detail', id], queryFn: () => getPatient(id) });

export function usePatient(id: string, enabled = true) {
  return useQuery({ ...patientQueryOptions(id), enabled });
}
