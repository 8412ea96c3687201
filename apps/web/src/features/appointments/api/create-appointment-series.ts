import { appointmentSeriesBookedSchema, appointmentSeriesCreateSchema } from '@caredesk/shared';
import { useCreateVisitSeries } from '@/components/visits/series/api/visit-series';

/** POST /api/appointments/series: a doctor's recurring appointments for one patient. */
export const useCreateAppointmentSeries = () => useCreateVisitSeries('appointments', { create: appointmentSeriesCreateSchema, booked: appointmentSeriesBookedSchema });
