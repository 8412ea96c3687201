import { bookingSchema, type Booking } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface RescheduleBookingInput {
  id: string;
  date: string;
  startTime: string;
  serviceId?: string;
  reason?: string;
}

/** A BOOKED or CHECKED_IN booking to another free place; 409 when it filled meanwhile. */
export async function rescheduleBooking({ id, ...body }: RescheduleBookingInput): Promise<Booking> {
  const response = await http.post<unknown>(`/bookings/${encodeURIComponent(id)}/reschedule`, body);
  return bookingSchema.parse(response.data);
}

export function useRescheduleBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleBooking,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }), queryClient.invalidateQueries({ queryKey: queryKeys.serviceSlots.all })]),
  });
}
