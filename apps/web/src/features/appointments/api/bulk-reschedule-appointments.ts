import { bulkRescheduleResultSchema, type BulkReschedule, type BulkRescheduleResult } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/** POST /api/appointments/bulk-reschedule: each appointment moved to the day at its own time, or refused with the reason. */
export async function bulkRescheduleAppointments(body: BulkReschedule): Promise<BulkRescheduleResult> {
  const response = await http.post<unknown>('/appointments/bulk-reschedule', body);
  return bulkRescheduleResultSchema.parse(response.data);
}

export function useBulkRescheduleAppointments() {
  return useVisitMutation('appointments', bulkRescheduleAppointments);
}
