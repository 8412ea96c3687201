import { useMemo } from 'react';
import type { MessageParams } from '@/components/messages/api/get-messages';
import { useListParams } from '@/components/records/use-list-params';

const SORTS = ['createdAt'] as const;
// patientId comes from a patient's record ('Open in the log'); the others are the page's selects.
const FILTERS = ['event', 'channel', 'status', 'patientId'] as const;

const withoutOrder = ({ sort: _sort, order: _order, ...rest }: Record<string, string | number>) => rest;

/** The log's filters and page, kept in the URL; the log is always newest first (it has no sort). */
export function useMessageLogParams() {
  const list = useListParams({ sortKeys: SORTS, filterKeys: FILTERS });
  const query = useMemo(() => withoutOrder(list.query) as MessageParams, [list.query]);
  const exportQuery = useMemo(() => withoutOrder(list.exportQuery), [list.exportQuery]);
  return { ...list, query, exportQuery };
}

export type MessageLogParams = ReturnType<typeof useMessageLogParams>;
