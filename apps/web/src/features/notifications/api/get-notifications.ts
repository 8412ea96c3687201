import { notificationListSchema, type Notification, type NotificationList, type NotificationTab } from '@caredesk/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLiveConnectionState } from '@/lib/events';
import { http } from '@/lib/http';
import { queryKeys } from '@/lib/query-keys';

export interface NotificationFilter {
  tab?: NotificationTab;
  /** Only unread ones. */
  unread?: boolean;
}

/** The popover shows this many of a tab; 'View all' leads to the paginated page. */
export const POPOVER_NOTIFICATION_LIMIT = 20;
/** With the live socket down, the lists are refreshed this often instead. */
export const NOTIFICATION_FALLBACK_POLL_MS = 60_000;

export async function getNotifications(query: NotificationFilter & { cursor?: string; limit?: number } = {}): Promise<NotificationList> {
  const params = { ...query, unread: query.unread ? true : undefined };
  const response = await http.get<unknown>('/notifications/all', { params });
  return notificationListSchema.parse(response.data);
}

/** The newest notifications, to find the one a live 'notification.created' names. */
export async function findRecentNotification(id: string): Promise<Notification | undefined> {
  const { data } = await getNotifications({ limit: POPOVER_NOTIFICATION_LIMIT });
  return data.find((notification) => notification.id === id);
}

/**
 * New notifications arrive over the live channel, which invalidates ['notifications']; only
 * while it is down do the lists poll.
 */
function useFallbackPolling(): number | false {
  return useLiveConnectionState() === 'connected' ? false : NOTIFICATION_FALLBACK_POLL_MS;
}

export const notificationListQueryOptions = (filter: NotificationFilter & { limit?: number }, refetchInterval: number | false = false) =>
  queryOptions({ queryKey: queryKeys.notifications.list(filter), queryFn: () => getNotifications(filter), staleTime: 30_000, refetchInterval });

/** One page: the bell's badge and the popover's tabs. */
export function useNotificationList(filter: NotificationFilter & { limit?: number }, options: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationListQueryOptions(filter, useFallbackPolling()), enabled: options.enabled ?? true });
}

export const notificationPagesQueryOptions = (filter: NotificationFilter, refetchInterval: number | false = false) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.paged(filter),
    queryFn: ({ pageParam }) => getNotifications({ ...filter, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    refetchInterval,
  });

/** Cursor pages for /notifications ('Load more'). */
export function useNotificationPages(filter: NotificationFilter) {
  return useInfiniteQuery(notificationPagesQueryOptions(filter, useFallbackPolling()));
}
