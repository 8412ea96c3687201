import { downloadCsv } from '@/components/records/download-csv';

/** The CSV of the audit log under the page's current filters (no paging). */
export function exportAuditEvents(params: Record<string, string | number>): Promise<void> {
  return downloadCsv('/audit/export.csv', params, 'audit-log.csv');
}
