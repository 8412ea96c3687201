import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useListParams } from '@/components/records/use-list-params';
import { useOrganisationToday } from '@/lib/organisation-today';
import { rangeAfterMidnight } from './date-range';
import type { VisitStatus } from './visit-status';

const SORT_KEYS = ['date', 'token', 'createdAt'] as const;

/**
 * The URL state of a visit list (pass `filterKeys` as a module constant): search, sort, page, the date range (today when unset), the
 * list's own filters and statuses, and the ?open= / ?new= params of its drawer and dialog.
 */
export function useVisitList<Filter extends string, Status extends VisitStatus>(filterKeys: readonly Filter[]) {
  // One array per list (not per render): the list params are memoised on it.
  const keys = useMemo(() => ['from', 'to', 'status', ...filterKeys] as const, [filterKeys]);
  const list = useListParams({ sortKeys: SORT_KEYS, filterKeys: keys });
  const [params, setParams] = useSearchParams();
  const today = useOrganisationToday();
  const from = list.filters.from || today;
  const to = list.filters.to || from;
  const statuses = list.filters.status ? (list.filters.status.split(',') as Status[]) : [];

  /** Sets (or with null, removes) URL params, keeping the others. */
  const setParam = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }, options),
    [setParams],
  );

  // Left open across the organisation's midnight, a list on 'Today' (or 'This week') moves with
  // the day, URL included; a date the user chose stays. Replace: the day turning is not a step back.
  const seenToday = useRef(today);
  const range = { from: list.filters.from, to: list.filters.to };
  const rangeRef = useRef(range);
  rangeRef.current = range;
  useEffect(() => {
    const before = seenToday.current;
    seenToday.current = today;
    if (before === today) return;
    const moved = rangeAfterMidnight(rangeRef.current, before, today);
    if (moved) setParam({ from: moved.from, to: moved.to, page: null }, { replace: true });
  }, [today, setParam]);

  /** This URL with one param set: a row's link to its drawer. */
  const withParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    return `?${next.toString()}`;
  };

  // The export sends the list's filters and sort without its page: every matching visit.
  return { list, params, from, to, statuses, setParam, withParam, query: { ...list.query, from, to }, exportQuery: { ...list.exportQuery, from, to } };
}
