import { appointmentSeriesBookedSchema, appointmentSeriesCreateSchema, appointmentSeriesRescheduleSchema, appointmentSeriesSchema } from '@caredesk/shared';
import type { AppContext } from '../../context.js';
import { appointmentKind, seriesRoutes } from '../visits/index.js';
import { bookedAppointment } from './queries.js';
import { getAppointmentSeries } from './series-queries.js';

/** /api/appointments/series: a doctor's recurring appointments (issue 21). */
export function appointmentSeriesRoutes(ctx: AppContext) {
  return seriesRoutes(ctx, {
    kind: appointmentKind,
    area: 'appointments',
    plural: 'appointments',
    noun: 'appointment',
    ownerNoun: 'doctor',
    ownerKey: 'doctorId',
    create: appointmentSeriesCreateSchema,
    booked: appointmentSeriesBookedSchema,
    series: appointmentSeriesSchema,
    reschedule: appointmentSeriesRescheduleSchema,
    bookedVisit: bookedAppointment,
    readSeries: getAppointmentSeries,
  });
}
