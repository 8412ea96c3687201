import { patientSchema, type Patient } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export async function getPatient(id: string): Promise<Patient> {
  const response = await http.get<unknown>(`/patients/${encodeURIComponent(id)}`);
  return patientSchema.parse(response.data);
}

export const patientQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.patients.detail(id), queryFn: () => getPatient(id) });

/**
 * One patient: the patient pages (enabled only for a well-formed id) and the booking dialog's
 * ?patientId= preselection (null when there is none).
 */
export function usePatient(id: string | null, enabled = true) {
  return useQuery({ ...patientQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
