import { downloadCsv } from '@/components/records/download-csv';

/** The CSV of the list's current search and filters (no paging). */
export function exportPatients(params: Record<string, string | number>): Promise<void> {
  return downloadCsv('/patients/export.csv', params, 'patients.csv');
}
