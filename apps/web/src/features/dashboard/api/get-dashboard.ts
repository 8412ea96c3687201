import { dashboardSchema, type Dashboard } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLiveConnectionState } from '@/lib/events';
import { http } from '@/lib/http';
import { useOrganisationToday } from '@/lib/organisation-today';
import { queryKeys } from '@/lib/query-keys';

export async function getDashboard(): Promise<Dashboard> {
  const response = await http.get<unknown>('/dashboard');
  return dashboardSchema.parse(response.data);
}

/**
 * "Upcoming" and "waiting now" move with the clock even when nothing is written, so the page
 * refreshes every minute while the live channel is down (its events refresh it otherwise).
 */
export const DASHBOARD_FALLBACK_POLL_MS = 60_000;

/**
 * One query per organisation day (`today` from useOrganisationToday): at the organisation's
 * midnight the key changes and the new day's figures load, while yesterday's stay on screen until
 * they arrive rather than a skeleton flashing on a dashboard left open overnight.
 */
export const dashboardQueryOptions = (today: string, refetchInterval: number | false = false) =>
  queryOptions({ queryKey: queryKeys.dashboard.day(today), queryFn: getDashboard, staleTime: 30_000, refetchInterval, placeholderData: (previous) => previous });

export function useDashboard() {
  const connected = useLiveConnectionState() === 'connected';
  const today = useOrganisationToday();
  return useQuery(dashboardQueryOptions(today, connected ? false : DASHBOARD_FALLBACK_POLL_MS));
}
