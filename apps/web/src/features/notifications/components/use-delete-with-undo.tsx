import type { Notification } from '@caredesk/shared';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { closeSnackbar, enqueueSnackbar } from '@/components/toast';
import { errorMessage } from '@/lib/http';
import { deferDelete } from '../api/delete-notification';
import { queryKeys } from '@/lib/query-keys';
import { t } from '../i18n';

/** How long 'Undo' is offered; the DELETE goes out when it is over. */
export const DELETE_UNDO_MS = 5_000;

export function useDeleteWithUndo(): (notification: Notification) => void {
  const queryClient = useQueryClient();
  return (notification) => {
    const key = `notification-deleted-${notification.id}`;
    const undo = deferDelete(notification, DELETE_UNDO_MS, {
      afterDelete: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      onFailed: (error) => {
        console.error('Could not delete the notification', error);
        enqueueSnackbar(t('notifications.deleteFailed', { reason: errorMessage(error) }), { variant: 'error' });
      },
    });
    enqueueSnackbar(t('notifications.deleted'), {
      key,
      autoHideDuration: DELETE_UNDO_MS,
      action: (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            undo();
            closeSnackbar(key);
          }}
        >
          {t('notifications.undo')}
        </Button>
      ),
    });
  };
}
