import type { PatientRecord, PatientRecordList } from '@caredesk/shared';
import { api } from '@/lib/http';

/** GET /api/patient/organisations/{orgId}/patients: the people on this phone in that organisation. */
export async function listPatientRecords(organisationId: string, signal: AbortSignal): Promise<PatientRecord[]> {
  const answer = await api<PatientRecordList>(`/patient/organisations/${encodeURIComponent(organisationId)}/patients`, { signal });
  if (!Array.isArray(answer.items)) throw new Error('Unexpected answer from the server');
  return answer.items;
}
