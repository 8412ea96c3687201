import { useRowSelection } from '@/components/records/use-row-selection';
import { useT } from './i18n';

/**
 * The visits ticked on a visit list's page, for its bulk actions (VisitBulkBar). Another page,
 * filter or sort (`query`, the list's request) starts with none ticked.
 */
export function useVisitSelection<Row extends { id: string; tokenLabel: string; patientName: string }>(rows: readonly Row[], query: Record<string, string | number>) {
  const t = useT();
  return useRowSelection(rows, JSON.stringify(query), {
    rowLabel: (row) => t('visits.select.row', { token: row.tokenLabel, name: row.patientName }),
    allLabel: t('visits.select.all'),
  });
}
