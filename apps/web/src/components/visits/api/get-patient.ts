import { patientSchema, type Patient } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The patient preselected by ?new=1&patientId= (the patient view's Book buttons). */
export async function getPatient(id: string): Promise<Patient> {
  const response = await http.get<unknown>(`/patients/${encodeURIComponent(id)}`);
  return patientSchema.parse(response.data);
}

export const patientQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['patients', 'detail', id], queryFn: () => getPatient(id) });

export function usePatient(id: string | null) {
  return useQuery({ ...patientQueryOptions(id ?? ''), enabled: Boolean(id) });
}
