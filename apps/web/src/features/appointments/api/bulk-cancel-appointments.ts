import { bulkCancelResultSchema, type BulkCancel, type BulkCancelResult } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/** POST /api/appointments/bulk-cancel: each appointment cancelled, or refused with the reason. */
export async function bulkCancelAppointments(body: BulkCancel): Promise<BulkCancelResult> {
  const response = await http.post<unknown>('/appointments/bulk-cancel', body);
  return bulkCancelResultSchema.parse(response.data);
}

export function useBulkCancelAppointments() {
  return useVisitMutation('appointments', bulkCancelAppointments);
}
