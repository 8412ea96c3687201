import { downloadCsv } from '@/components/records/download-csv';

/** The CSV of the message log under the page's current filters (no paging). */
export function exportMessages(params: Record<string, string | number>): Promise<void> {
  return downloadCsv('/messages/export.csv', params, 'messages.csv');
}
