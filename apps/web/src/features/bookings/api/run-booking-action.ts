import { bookingSchema, type Booking, type BookingAction } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface BookingActionInput {
  id: string;
  action: BookingAction;
  /** Required for cancel. */
  reason?: string;
}

/** 409 'Cannot start: the booking is BOOKED' when the move is not allowed from its status. */
export async function runBookingAction({ id, action, reason }: BookingActionInput): Promise<Booking> {
  const response = await http.post<unknown>(`/bookings/${encodeURIComponent(id)}/actions/${action}`, reason ? { reason } : {});
  return bookingSchema.parse(response.data);
}

export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBookingAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
        // A cancel or no-show frees the place.
        queryClient.invalidateQueries({ queryKey: queryKeys.serviceSlots.all }),
      ]),
  });
}
