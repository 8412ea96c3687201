import { bookingSeriesBookedSchema, bookingSeriesCreateSchema } from '@caredesk/shared';
import { useCreateVisitSeries } from '@/components/visits/series/api/visit-series';

/** POST /api/bookings/series: a scan's or test's recurring bookings for one patient (a course of dressings, weekly bloods). */
export const useCreateBookingSeries = () => useCreateVisitSeries('bookings', { create: bookingSeriesCreateSchema, booked: bookingSeriesBookedSchema });
