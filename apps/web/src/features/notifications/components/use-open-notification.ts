import { notificationHref, type Notification } from '@caredesk/shared';
import { useNavigate } from 'react-router';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/**
 * SPEC.md §2: clicking a notification marks it read and opens where it leads: its own record
 * (the visit's drawer over that day's list, the patient's conversation), not just the list.
 */
export function useOpenNotification(onOpened?: () => void): (notification: Notification) => void {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (notification) => {
    if (!notification.isRead) markRead.mutate(notification);
    onOpened?.();
    void navigate(notificationHref(notification));
  };
}
