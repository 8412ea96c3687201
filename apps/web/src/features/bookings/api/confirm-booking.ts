import { bookingSchema, type Booking } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

/**
 * The desk confirms a booking booked in the patient app: the patient is then sent its
 * confirmation and reminders. 409 when it is not awaiting confirmation (or was cancelled).
 */
export async function confirmBooking(id: string): Promise<Booking> {
  const response = await http.post<unknown>(`/bookings/${encodeURIComponent(id)}/confirm`, {});
  return bookingSchema.parse(response.data);
}

export function useConfirmBooking() {
  return useVisitMutation('bookings', confirmBooking);
}
