import { bulkRescheduleResultSchema, type BookingBulkReschedule, type BulkRescheduleResult } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/** POST /api/bookings/bulk-reschedule: each booking moved to the day at its own time, or refused with the reason. */
export async function bulkRescheduleBookings(body: BookingBulkReschedule): Promise<BulkRescheduleResult> {
  const response = await http.post<unknown>('/bookings/bulk-reschedule', body);
  return bulkRescheduleResultSchema.parse(response.data);
}

export function useBulkRescheduleBookings() {
  return useVisitMutation('bookings', bulkRescheduleBookings);
}
