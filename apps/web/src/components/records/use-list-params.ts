import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

export type SortOrder = 'asc' | 'desc';

export interface ListParamsOptions<Sort extends string, Filter extends string> {
  /** API sort keys this list accepts; the first is the default. */
  sortKeys: readonly [Sort, ...Sort[]];
  /** Names of the filters kept in the URL next to search, page and sort (e.g. 'active'). */
  filterKeys: readonly Filter[];
}

export interface ListParams<Sort extends string, Filter extends string> {
  search: string;
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  sort: Sort;
  order: SortOrder;
  /** '' means "no filter" (the API gets no such parameter). */
  filters: Record<Filter, string>;
  /** True while a search or a filter is set: an empty list then means "no matches", not "no records". */
  narrowed: boolean;
  /** The query the API gets: empty values left out. */
  query: Record<string, string | number>;
  /** The same without page and page size: what a CSV export of "the current filter" sends. */
  exportQuery: Record<string, string | number>;
  setSearch: (search: string) => void;
  setFilter: (name: Filter, value: string) => void;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: Sort, order: SortOrder) => void;
  clearFilters: () => void;
}

/**
 * Search, filters, page and sort of a record list, kept in the URL search params so a reload,
 * a shared link and the back button all return to the same view. Changing the search, a filter
 * or the sort goes back to page 1. An empty filter is left out of the URL.
 */
export function useListParams<Sort extends string, Filter extends string>(options: ListParamsOptions<Sort, Filter>): ListParams<Sort, Filter> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { sortKeys, filterKeys } = options;

  const state = useMemo(() => {
    const rawSort = searchParams.get('sort');
    const sort = (sortKeys as readonly string[]).includes(rawSort ?? '') ? (rawSort as Sort) : sortKeys[0];
    const order: SortOrder = searchParams.get('order') === 'desc' ? 'desc' : 'asc';
    const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
    const rawSize = Number.parseInt(searchParams.get('pageSize') ?? '', 10);
    const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(rawSize) ? rawSize : DEFAULT_PAGE_SIZE;
    const search = searchParams.get('search') ?? '';
    const filters = Object.fromEntries(filterKeys.map((key) => [key, searchParams.get(key) ?? ''])) as Record<Filter, string>;
    const narrowed = search.trim() !== '' || filterKeys.some((key) => filters[key] !== '');
    const query: Record<string, string | number> = { page, pageSize, sort, order };
    if (search.trim()) query.search = search.trim();
    for (const key of filterKeys) if (filters[key]) query[key] = filters[key];
    const { page: _page, pageSize: _pageSize, ...exportQuery } = query;
    return { search, page, pageSize, sort, order, filters, narrowed, query, exportQuery };
  }, [searchParams, sortKeys, filterKeys]);

  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage = true) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return {
    ...state,
    setSearch: useCallback((search: string) => update({ search }), [update]),
    setFilter: useCallback((name: Filter, value: string) => update({ [name]: value }), [update]),
    setPage: useCallback((page: number) => update({ page: page > 1 ? page : null }, false), [update]),
    setPageSize: useCallback((pageSize: number) => update({ pageSize }), [update]),
    setSort: useCallback((sort: Sort, order: SortOrder) => update({ sort, order }), [update]),
    clearFilters: useCallback(() => update(Object.fromEntries([['search', null], ...filterKeys.map((key) => [key, null])])), [update, filterKeys]),
  };
}
