import type { PatientReschedule } from '@caredesk/shared';
import { api } from '@/lib/http';
import type { Visit } from '../visit';

/** POST …/:id/reschedule: the same doctor or scan/test at another free slot (409 when it was just taken). */
export async function rescheduleVisit(visit: Pick<Visit, 'kind' | 'id'>, slot: PatientReschedule): Promise<void> {
  const collection = visit.kind === 'appointment' ? 'appointments' : 'bookings';
  await api(`/patient/${collection}/${visit.id}/reschedule`, { method: 'POST', body: slot satisfies PatientReschedule });
}
