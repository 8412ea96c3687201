import type { Slot, SlotsResponse } from '@caredesk/shared';
import { api } from '@/lib/http';
import type { Visit } from '../visit';

/**
 * GET /api/patient/organisations/{orgId}/{doctors|services}/{id}/slots?date= (signed in): the
 * free slots of the visit's doctor or scan/test that day. A visit carries its organisation's id,
 * not its slug, so this rather than the public route; both keep to the online-booking rules.
 */
export async function listVisitSlots(visit: Pick<Visit, 'kind' | 'organisationId' | 'resourceId'>, date: string, signal: AbortSignal): Promise<Slot[]> {
  const collection = visit.kind === 'appointment' ? 'doctors' : 'services';
  const answer = await api<SlotsResponse>(`/patient/organisations/${visit.organisationId}/${collection}/${visit.resourceId}/slots?date=${date}`, { signal });
  if (!Array.isArray(answer.slots)) throw new Error('Unexpected answer from the server');
  return answer.slots;
}
