import { notificationTabSchema, type Notification, type NotificationTab } from '@caredesk/shared';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageContainer } from '@/components/page-container';
import { errorMessage } from '@/lib/http';
import { usePendingDeletes, withoutPending } from '../api/delete-notification';
import { useNotificationPages } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from '../components/notification-item';
import { NotificationTabs } from '../components/notification-tabs';
import { useDeleteWithUndo } from '../components/use-delete-with-undo';
import { useOpenNotification } from '../components/use-open-notification';
import { useT } from '../i18n';

/** /notifications: every notification by tab, newest first, a cursor page at a time. */
export default function NotificationsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: NotificationTab = notificationTabSchema.catch('new').parse(params.get('tab') ?? 'new');
  const unreadOnly = params.get('unread') === 'true';
  const setFilter = (next: { tab?: NotificationTab; unread?: boolean }) => {
    const merged = { tab, unread: unreadOnly, ...next };
    const search = new URLSearchParams();
    if (merged.tab !== 'new') search.set('tab', merged.tab);
    if (merged.unread) search.set('unread', 'true');
    setParams(search, { replace: true });
  };

  const pages = useNotificationPages({ tab, unread: unreadOnly || undefined });
  const deleting = usePendingDeletes();
  const shown = (pages.data?.pages ?? []).map((page) => withoutPending(page, deleting));
  const items = shown.flatMap((page) => page.data);
  const first = shown[0];
  const unread = first?.unread ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const markRead = useMarkNotificationRead();
  const remove = useDeleteWithUndo();
  const open = useOpenNotification();

  const actionsOf = (notification: Notification) => (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {notification.isRead ? null : (
        <Tooltip title={t('notifications.markRead')}>
          <IconButton edge="end" aria-label={t('notifications.markReadOf', { title: notification.title })} onClick={() => markRead.mutate(notification)}>
            <DoneOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('notifications.delete')}>
        <IconButton edge="end" aria-label={t('notifications.deleteOf', { title: notification.title })} onClick={() => remove(notification)}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );

  return (
    <PageContainer
      title={t('notifications.title')}
      actions={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('notifications.unreadSummary', { count: unread })}
          </Typography>
          {unread > 0 ? (
            <Button variant="outlined" startIcon={<DoneAllOutlined />} onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              {t('notifications.markAllRead')}
            </Button>
          ) : null}
        </Box>
      }
    >
      <Card variant="outlined">
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, px: { xs: 1, sm: 2 } }}>
          <Box sx={{ flex: '1 1 240px', maxWidth: 360 }}>
            <NotificationTabs value={tab} onChange={(next) => setFilter({ tab: next })} unreadByTab={first?.unreadByTab} />
          </Box>
          <FormControlLabel control={<Switch checked={unreadOnly} onChange={(event) => setFilter({ unread: event.target.checked })} />} label={t('notifications.unreadOnly')} />
        </Box>
        <Divider />
        {pages.isLoading ? <LinearProgress aria-label={t('notifications.loading')} /> : null}
        {pages.isError ? <Alert severity="error">{errorMessage(pages.error)}</Alert> : null}
        {pages.data && items.length === 0 ? <EmptyState icon={<NotificationsNoneOutlined />} title={t('notifications.empty')} /> : null}
        {items.length > 0 ? (
          <List aria-label={t('notifications.all')} sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={open} actions={actionsOf(notification)} />
            ))}
          </List>
        ) : null}
        {pages.hasNextPage ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
            <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {pages.isFetchingNextPage ? t('notifications.loadingMore') : t('notifications.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Card>
    </PageContainer>
  );
}
