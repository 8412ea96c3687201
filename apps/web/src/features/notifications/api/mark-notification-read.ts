import { notificationReadResponseSchema, type Notification } from '@caredesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { updateNotificationLists, withRead } from './notification-cache';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /api/notifications/read/{id}: answers the unread count afterwards. */
export async function markNotificationRead(id: string): Promise<number> {
  const response = await http.patch<unknown>(`/notifications/read/${encodeURIComponent(id)}`);
  return notificationReadResponseSchema.parse(response.data).unread;
}

/** Shown read at once (the badge drops on click); the lists are refetched when the call ends. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: async (notification) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      updateNotificationLists(queryClient, (list) => withRead(list, notification));
    },
    onError: (error) => console.error('Could not mark the notification read', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
