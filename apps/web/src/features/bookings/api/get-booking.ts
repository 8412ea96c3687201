import { bookingSchema, type Booking } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** One booking with its history (who, when, from -> to, note) and its report, if any. */
export async function getBooking(id: string): Promise<Booking> {
  const response = await http.get<unknown>(`/bookings/${encodeURIComponent(id)}`);
  return bookingSchema.parse(response.data);
}

export const bookingQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.bookings.detail(id), queryFn: () => getBooking(id) });

export function useBooking(id: string | null) {
  return useQuery({ ...bookingQueryOptions(id ?? ''), enabled: Boolean(id) });
}
