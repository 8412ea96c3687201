/**
 * Whether a list is showing rows that are not yet its query's: the first load, or the previous
 * page's or filter's rows kept while the new ones load (keepPreviousData). Only then is it dimmed
 * and aria-busy. A background refetch of the same query (a live update from another desk, a tab
 * coming back into focus) keeps its rows at full contrast until the new ones swap in: at a busy
 * front desk lists refetch every few seconds, and a list fading on each was hard to read.
 */
export function showsStaleRows(query: { isPending: boolean; isPlaceholderData: boolean }): boolean {
  return query.isPending || query.isPlaceholderData;
}
