import { tabOfNotification, type Notification, type NotificationList } from '@caredesk/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** Applies `change` to every cached notification list: the popover's pages and the page's cursor pages. */
export function updateNotificationLists(queryClient: QueryClient, change: (list: NotificationList) => NotificationList): void {
  queryClient.setQueriesData<NotificationList>({ queryKey: queryKeys.notifications.lists }, (list) => (list ? change(list) : list));
  queryClient.setQueriesData<InfiniteData<NotificationList>>({ queryKey: queryKeys.notifications.pages }, (data) => (data ? { ...data, pages: data.pages.map(change) } : data));
}

/** The counts without one unread notification (it was read, or is being deleted). */
export function withoutUnread(list: NotificationList, notification: Notification): Pick<NotificationList, 'unread' | 'unreadByTab'> {
  if (notification.isRead) return { unread: list.unread, unreadByTab: list.unreadByTab };
  const tab = tabOfNotification(notification.type);
  return {
    unread: Math.max(0, list.unread - 1),
    unreadByTab: list.unreadByTab ? { ...list.unreadByTab, [tab]: Math.max(0, list.unreadByTab[tab] - 1) } : undefined,
  };
}

export function withRead(list: NotificationList, notification: Notification): NotificationList {
  return { ...list, ...withoutUnread(list, notification), data: list.data.map((item) => (item.id === notification.id ? { ...item, isRead: true } : item)) };
}

export function withAllRead(list: NotificationList): NotificationList {
  return { ...list, unread: 0, unreadByTab: list.unreadByTab ? { new: 0, chats: 0 } : undefined, data: list.data.map((item) => ({ ...item, isRead: true })) };
}
