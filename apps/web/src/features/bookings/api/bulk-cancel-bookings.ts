import { bulkCancelResultSchema, type BulkCancel, type BulkCancelResult } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/** POST /api/bookings/bulk-cancel: each booking cancelled, or refused with the reason. */
export async function bulkCancelBookings(body: BulkCancel): Promise<BulkCancelResult> {
  const response = await http.post<unknown>('/bookings/bulk-cancel', body);
  return bulkCancelResultSchema.parse(response.data);
}

export function useBulkCancelBookings() {
  return useVisitMutation('bookings', bulkCancelBookings);
}
