import type { ServiceListQuery } from '@caredesk/shared';
import { downloadCsv } from '@/components/records/download-csv';

/** GET /api/services/export.csv with the list's kind, search, filters and sort. */
export function exportServices(query: Omit<ServiceListQuery, 'page' | 'pageSize'>, fileName: string): Promise<void> {
  return downloadCsv('/services/export.csv', query as Record<string, string | number>, fileName);
}
