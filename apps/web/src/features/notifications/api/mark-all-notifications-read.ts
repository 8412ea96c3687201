import { notificationReadResponseSchema, type NotificationTab } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { updateNotificationLists, withAllRead } from './notification-cache';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/notifications/read/all (optionally one tab): answers the unread count afterwards. */
export async function markAllNotificationsRead(tab?: NotificationTab): Promise<number> {
  const response = await http.patch<unknown>('/notifications/read/all', undefined, { params: tab ? { tab } : undefined });
  return notificationReadResponseSchema.parse(response.data).unread;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      updateNotificationLists(queryClient, withAllRead);
    },
    onError: (error) => console.error('Could not mark the notifications read', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
