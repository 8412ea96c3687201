import { bookingSchema, type Booking, type BookingTestAction } from '@caredesk/shared';
import { useVisitMutation } from '@/components/visits/api/use-visit-mutation';
import { http } from '@/lib/http';

export interface BookingTestActionInput {
  bookingId: string;
  testId: string;
  action: BookingTestAction;
  /** Required to skip: kept in the history and shown with the test. */
  reason?: string;
}

/**
 * One test of a package booking: done while the patient is served, or skipped with its reason.
 * 409 when the booking's status does not allow it, or for the last test not skipped.
 */
export async function runBookingTestAction({ bookingId, testId, action, reason }: BookingTestActionInput): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(bookingId)}/tests/${encodeURIComponent(testId)}/actions/${action}`;
  const response = await http.post<unknown>(path, reason ? { reason } : {});
  return bookingSchema.parse(response.data);
}

export function useBookingTestAction() {
  return useVisitMutation('bookings', runBookingTestAction);
}
