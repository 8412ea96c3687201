import { bookingSchema, type Booking, type BookingCreate } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** 201 with the booking and its token; 409 'This slot is full: choose another time' when taken meanwhile. */
export async function createBooking(input: BookingCreate): Promise<Booking> {
  const response = await http.post<unknown>('/bookings', input);
  return bookingSchema.parse(response.data);
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Success or a full slot: the service's free places on that day have changed either way.
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.serviceSlots.of(input.serviceId, input.date) }),
      ]),
  });
}
