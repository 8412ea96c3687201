import { useSearchParams } from 'react-router';
import { useListParams, type SortOrder } from '@/components/records/use-list-params';

const LEDGER_SORTS = ['createdAt', 'amount'] as const;
const LEDGER_FILTERS = ['kind', 'from', 'to'] as const;

/**
 * The ledger's filters (kind, from, to), page and sort, kept in the URL like every record list,
 * except that a ledger reads newest first: with no order in the URL the order is 'desc'.
 */
export function useLedgerParams() {
  const list = useListParams({ sortKeys: LEDGER_SORTS, filterKeys: LEDGER_FILTERS });
  const [searchParams] = useSearchParams();
  const order: SortOrder = searchParams.get('order') === 'asc' ? 'asc' : 'desc';
  return { ...list, order, query: { ...list.query, order }, exportQuery: { ...list.exportQuery, order } };
}

export type LedgerParams = ReturnType<typeof useLedgerParams>;
