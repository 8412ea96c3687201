import type { AppointmentSeries, AppointmentSummary } from '@caredesk/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { appointmentKind, seriesRecord, seriesRow, withTokenLabel } from '../visits/index.js';
import { selectSummaries } from './queries.js';

/** GET /appointments/series/{id}: the series and every appointment of it (whatever its status), by date. */
export async function getAppointmentSeries(db: Db, caller: StaffContext, id: string): Promise<AppointmentSeries> {
  const series = await seriesRow(db, appointmentKind, caller.organisationId, id);
  const rows = await selectSummaries(db)
    .where(and(eq(appointments.organisationId, caller.organisationId), eq(appointments.seriesId, series.id)))
    .orderBy(asc(appointments.date), asc(appointments.startTime));
  return { series: seriesRecord(series), visits: rows.map((row): AppointmentSummary => withTokenLabel(row)) };
}
