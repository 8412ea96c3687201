import type { DoctorListQuery } from '@caredesk/shared';
import { downloadCsv } from '@/components/records/download-csv';

/** GET /api/doctors/export.csv with the list's current search, filters and sort. */
export function exportDoctors(query: Omit<DoctorListQuery, 'page' | 'pageSize'>): Promise<void> {
  return downloadCsv('/doctors/export.csv', query as Record<string, string | number>, 'doctors.csv');
}
