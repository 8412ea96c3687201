import { bookingSchema, type Booking, type BookingReschedule } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

export type RescheduleBookingInput = BookingReschedule & { id: string };

/** A BOOKED or CHECKED_IN booking to another free place; 409 when it filled meanwhile. */
export async function rescheduleBooking({ id, ...body }: RescheduleBookingInput): Promise<Booking> {
  const response = await http.post<unknown>(`/bookings/${encodeURIComponent(id)}/reschedule`, body);
  return bookingSchema.parse(response.data);
}

export function useRescheduleBooking() {
  return useVisitMutation('bookings', rescheduleBooking);
}
