import { patientMatchesSchema, type PatientSummary } from '@caredesk/shared';
import { http } from '@/lib/http';

/**
 * Patients already using this phone number (the quick add asks before adding another). A POST:
 * the number travels in the body, never in a URL.
 */
export async function findPhoneMatches(phone: string): Promise<PatientSummary[]> {
  const response = await http.post<unknown>('/patients/matches', { phone });
  return patientMatchesSchema.parse(response.data).data;
}
