import type { NotificationTab } from '@caredesk/shared';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { layout } from '@/config/layout';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/http';
import { usePendingDeletes, withoutPending } from '../api/delete-notification';
import { POPOVER_NOTIFICATION_LIMIT, useNotificationList } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useT } from '../i18n';
import { EnablePushPrompt } from './enable-push-prompt';
import { NotificationItem } from './notification-item';
import { NotificationTabs } from './notification-tabs';
import { useOpenNotification } from './use-open-notification';

interface NotificationsPopoverProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** SPEC.md §2 "Notification popover": 420px wide, at most 80vh tall. */
export function NotificationsPopover({ anchor, onClose }: NotificationsPopoverProps) {
  const t = useT();
  const [tab, setTab] = useState<NotificationTab>('new');
  const open = Boolean(anchor);
  const navigate = useNavigate();
  const deleting = usePendingDeletes();
  const summary = useNotificationList({ tab: 'new', limit: POPOVER_NOTIFICATION_LIMIT });
  const chats = useNotificationList({ tab: 'chats', limit: POPOVER_NOTIFICATION_LIMIT }, { enabled: open && tab === 'chats' });
  const current = tab === 'new' ? summary : chats;
  const list = current.data ? withoutPending(current.data, deleting) : undefined;
  const counts = summary.data ? withoutPending(summary.data, deleting) : undefined;
  const unread = counts?.unread ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification(onClose);

  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('notifications.title'),
          sx: { width: layout.notificationPopoverWidth, maxHeight: layout.notificationPopoverMaxHeight, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, py: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2">
            {t('notifications.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('notifications.unreadSummary', { count: unread })}
          </Typography>
        </Box>
        {unread > 0 ? (
          <Tooltip title={t('notifications.markAllRead')}>
            <IconButton aria-label={t('notifications.markAllRead')} color="primary" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              <DoneAllOutlined />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      <EnablePushPrompt />
      <Divider />
      <NotificationTabs value={tab} onChange={setTab} unreadByTab={counts?.unreadByTab} />
      <Divider />
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {current.isLoading ? <LinearProgress aria-label={t('notifications.loading')} /> : null}
        {current.isError ? <Alert severity="error">{errorMessage(current.error)}</Alert> : null}
        {list && list.data.length === 0 ? (
          <Typography variant="body2" sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
            {t('notifications.empty')}
          </Typography>
        ) : null}
        {list && list.data.length > 0 ? (
          <List aria-label={tab === 'new' ? t('notifications.newList') : t('notifications.chatList')} sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {list.data.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} onOpen={openNotification} />
            ))}
          </List>
        ) : null}
      </Box>
      <Divider />
      <Box sx={{ p: 1 }}>
        <Button
          fullWidth
          onClick={() => {
            onClose();
            void navigate(paths.notifications);
          }}
        >
          {t('notifications.viewAll')}
        </Button>
      </Box>
    </Popover>
  );
}
