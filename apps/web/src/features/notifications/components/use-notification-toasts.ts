import { useSnackbar } from 'notistack';
import { useLiveEvent } from '@/lib/events';
import { findRecentNotification } from '../api/get-notifications';

/**
 * A toast for each notification that arrives over the live channel ('New appointment: …'). The
 * event names only the id; the lists (and the badge) are refetched by the live channel itself.
 */
export function useNotificationToasts(): void {
  const { enqueueSnackbar } = useSnackbar();
  useLiveEvent('notification.created', (event) => {
    findRecentNotification(event.notificationId).then(
      (notification) => {
        if (notification) enqueueSnackbar(`${notification.title}: ${notification.message}`, { key: `notification-${notification.id}`, variant: 'info' });
      },
      (error: unknown) => console.error('Could not load the new notification', error),
    );
  });
}
