import { bookingSchema, type Booking, type BookingAction } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

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
  return useVisitMutation('bookings', runBookingAction);
}
