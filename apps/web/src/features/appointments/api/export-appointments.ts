import { downloadCsv } from '@/components/records/download-csv';
import type { AppointmentListParams } from './get-appointments';

/** GET /api/appointments/export.csv with the list's dates, doctor, statuses, search and sort (no page). */
export function exportAppointments(params: AppointmentListParams): Promise<void> {
  return downloadCsv('/appointments/export.csv', params, 'appointments.csv');
}
