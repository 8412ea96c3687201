import type { PatientWaitlist, PatientWaitlistEntry } from '@caredesk/shared';
import { api } from '@/lib/http';

/** GET /api/patient/waitlist: the account's places on waitlists from yesterday on, in every organisation. */
export async function listWaitlist(signal: AbortSignal): Promise<PatientWaitlistEntry[]> {
  const answer = await api<PatientWaitlist>('/patient/waitlist', { signal });
  // Light validation in place of zod: the answer always has its entries in `data`.
  if (!Array.isArray(answer.data)) throw new Error('Unexpected answer from the server');
  return answer.data;
}
