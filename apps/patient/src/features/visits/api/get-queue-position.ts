import type { PatientQueuePosition } from '@caredesk/shared';
import { api } from '@/lib/http';
import type { Visit } from '../visit';

/** GET /api/patient/appointments/{id}/queue or …/bookings/{id}/queue: where the visit stands today. */
export function getQueuePosition(visit: Pick<Visit, 'kind' | 'id'>, signal: AbortSignal): Promise<PatientQueuePosition> {
  return api<PatientQueuePosition>(`/patient/${visit.kind === 'appointment' ? 'appointments' : 'bookings'}/${visit.id}/queue`, { signal });
}
