import { notificationRoutes, type Notification } from '@caredesk/shared';
import { useNavigate } from 'react-router';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** SPEC.md §2: clicking a notification marks it read and opens where its type leads. */
export function useOpenNotification(onOpened?: () => void): (notification: Notification) => void {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification) => {
    if (!notification.isRead) markRead.mutate(notification);
    onOpened?.();
    void navigate(notificationRoutes[notification.type]);
  };
}
