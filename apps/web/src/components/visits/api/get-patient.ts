import { patientSchema, type Patient } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/**
 * Every patient query starts with this key, so a change to any patient (create, update, delete)
 * refreshes them all. It lives here, beside the one patient read, because the booking dialogs and
 * the patients feature both use it and features never import each other.
 */
export const patientsKey = ['patients'] as const;

export async function getPatient(id: string): Promise<Patient> {
  const response = await http.get<unknown>(`/patients/${encodeURIComponent(id)}`);
  return patientSchema.parse(response.data);
}

export const patientQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...patientsKey, 'detail', id], queryFn: () => getPatient(id) });

/**
 * One patient: the patient pages (enabled only for a well-formed id) and the booking dialog's
 * ?patientId= preselection (null when there is none).
 */
export function usePatient(id: string | null, enabled = true) {
  return useQuery({ ...patientQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
