import { api } from '@/lib/http';
import type { Visit } from '../visit';

/** POST …/:id/cancel: the server cancels it if its rules allow, else says why (shown as is). */
export async function cancelVisit(visit: Pick<Visit, 'kind' | 'id'>): Promise<void> {
  const collection = visit.kind === 'appointment' ? 'appointments' : 'bookings';
  await api(`/patient/${collection}/${visit.id}/cancel`, { method: 'POST', body: {} });
}
