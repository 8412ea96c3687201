import type { Slot, SlotsResponse } from '@caredesk/shared';
import type { BookingKind } from '@/config/paths';
import { api } from '@/lib/http';

/**
 * GET /api/public/organisations/{slug}/{doctors|services}/{id}/slots?date= (no sign-in): the
 * times that may be booked online that day, so a visitor picks one before giving a phone number.
 */
export async function listPublicSlots(slug: string, kind: BookingKind, id: string, date: string, signal: AbortSignal): Promise<Slot[]> {
  const answer = await api<SlotsResponse>(`/public/organisations/${encodeURIComponent(slug)}/${kind}/${encodeURIComponent(id)}/slots?date=${date}`, { signal });
  if (!Array.isArray(answer.slots)) throw new Error('Unexpected answer from the server');
  return answer.slots;
}
