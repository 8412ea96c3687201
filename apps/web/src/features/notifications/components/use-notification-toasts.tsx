import Button from '@mui/material/Button';
import type { SnackbarKey } from 'notistack';
import { closeSnackbar, enqueueSnackbar } from '@/components/toast';
import { useLiveEvent } from '@/lib/events';
import { useSessionUser } from '@/lib/session';
import { findRecentNotification } from '../api/get-notifications';
import { t } from './bell-i18n';
import { useOpenNotification } from './use-open-notification';

/**
 * A toast for each notification that arrives over the live channel ('New appointment: …'), with
 * an 'Open' action that lands on its record. The event names only the id; the lists (and the
 * badge) are refetched by the live channel itself. Nobody is toasted about their own booking:
 * they are looking at it already.
 */
export function useNotificationToasts(): void {
  const userId = useSessionUser()?.id;
  const open = useOpenNotification();
  useLiveEvent('notification.created', (event) => {
    findRecentNotification(event.notificationId).then(
      (notification) => {
        if (!notification || (userId && notification.details.actorStaffId === userId)) return;
        const action = (key: SnackbarKey) => (
          <Button
            size="small"
            color="inherit"
            onClick={(click) => {
              click.stopPropagation();
              closeSnackbar(key);
              open(notification);
            }}
          >
            {t('notification-bell.open')}
          </Button>
        );
        enqueueSnackbar(t('notification-bell.toast', { title: notification.title, message: notification.message }), {
          key: `notification-${notification.id}`,
          variant: 'info',
          action,
        });
      },
      (error: unknown) => console.error('Could not load the new notification', error),
    );
  });
}
