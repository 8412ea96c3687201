import { useSearchParams } from 'react-router';
import { useListParams, type SortOrder } from '@/components/records/use-list-params';

const AUDIT_SORTS = ['createdAt'] as const;
const AUDIT_FILTERS = ['staffId', 'action', 'entity', 'from', 'to'] as const;

/** The log's filters, page and order, kept in the URL; a log reads newest first unless told otherwise. */
export function useAuditParams() {
  const list = useListParams({ sortKeys: AUDIT_SORTS, filterKeys: AUDIT_FILTERS });
  const [searchParams] = useSearchParams();
  const order: SortOrder = searchParams.get('order') === 'asc' ? 'asc' : 'desc';
  return { ...list, order, query: { ...list.query, order }, exportQuery: { ...list.exportQuery, order } };
}

export type AuditParams = ReturnType<typeof useAuditParams>;
