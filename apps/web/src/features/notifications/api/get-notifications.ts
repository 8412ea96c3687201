import { notificationListSchema, type NotificationList } from '@caredesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export async function getNotifications(): Promise<NotificationList> {
  const response = await http.get<unknown>('/notifications/all');
  return notificationListSchema.parse(response.data);
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: ['notifications', 'all'], queryFn: getNotifications, staleTime: 30_000, refetchInterval: 60_000 });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
