import { bookingSummarySchema, paginatedSchema, type BookingSummary } from '@caredesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

/** The list's columns only; the drawer reads the one record (get-booking). */
const bookingPageSchema = paginatedSchema(bookingSummarySchema);
export type BookingPage = z.infer<typeof bookingPageSchema>;
export type { BookingSummary };

/** from, to, serviceId, kind, patientId, status (comma-separated), search, page, pageSize, sort, order. */
export type BookingListParams = Record<string, string | number>;

export async function getBookings(params: BookingListParams, signal?: AbortSignal): Promise<BookingPage> {
  const response = await http.get<unknown>('/bookings', { params, signal });
  return bookingPageSchema.parse(response.data);
}

export const bookingsQueryOptions = (params: BookingListParams) =>
  queryOptions({
    queryKey: queryKeys.bookings.list(params),
    queryFn: ({ signal }) => getBookings(params, signal),
    placeholderData: keepPreviousData,
  });

export function useBookings(params: BookingListParams) {
  return useQuery(bookingsQueryOptions(params));
}
