import { patientMatchesSchema, type PatientSummary } from '@caredesk/shared';
import { http } from '@/lib/http';

/**
 * Patients already using this phone number: the quick add asks before adding another, and the
 * patient form warns (leaving out the patient being edited). A POST: the number travels in the
 * body, never in a URL (browser history, proxies and access logs keep URLs).
 */
export async function findPhoneMatches(phone: string, excludeId?: string, signal?: AbortSignal): Promise<PatientSummary[]> {
  const response = await http.post<unknown>('/patients/matches', excludeId ? { phone, excludeId } : { phone }, { signal });
  return patientMatchesSchema.parse(response.data).data;
}
