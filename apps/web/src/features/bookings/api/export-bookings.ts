import { downloadCsv } from '@/components/records/download-csv';
import type { BookingListParams } from './get-bookings';

/** GET /api/bookings/export.csv with the list's dates, scan or test, kind, statuses, search and sort (no page). */
export function exportBookings(params: BookingListParams): Promise<void> {
  return downloadCsv('/bookings/export.csv', params, 'bookings.csv');
}
