import type { PatientWaitlistEntry } from '@caredesk/shared';
import { api } from '@/lib/http';

/**
 * What the patient can do with a place on a waitlist: `accept` books the held place as their
 * visit (409 when the hold ran out or the place went meanwhile), `decline` passes an offer to the
 * next patient, `leave` gives up the place in line. Each answers the entry as it now stands.
 */
export type WaitlistAction = 'accept' | 'decline' | 'leave';

export function answerWaitlist(entry: Pick<PatientWaitlistEntry, 'id'>, action: WaitlistAction): Promise<PatientWaitlistEntry> {
  return api<PatientWaitlistEntry>(`/patient/waitlist/${entry.id}/${action}`, { method: 'POST', body: {} });
}
