import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '@/components/opened-once';
import { usePushSync, useServiceWorkerNavigation } from '@/lib/push';
import { usePendingDeletes, withoutPending } from '../api/delete-notification';
import { POPOVER_NOTIFICATION_LIMIT, useNotificationList } from '../api/get-notifications';
import { useT } from './bell-i18n';
import { useNotificationToasts } from './use-notification-toasts';

// The popover (its tabs, list and push prompt) loads with the first click on the bell, not with
// every page (issue 18: the console's JavaScript budget).
const NotificationsPopover = lazy(() => import('./notifications-popover').then(({ NotificationsPopover }) => ({ default: NotificationsPopover })));

/**
 * The header's bell: the unread count (kept live by the /api/events channel), the popover, a
 * toast per new notification, and the quiet push sync once signed in.
 */
export function NotificationBell() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useNotificationList({ tab: 'new', limit: POPOVER_NOTIFICATION_LIMIT });
  const deleting = usePendingDeletes();
  const unread = data ? withoutPending(data, deleting).unread : 0;
  useNotificationToasts();
  usePushSync();
  useServiceWorkerNavigation();
  const open = Boolean(anchor);
  const opened = useOpenedOnce(open);
  return (
    <>
      {/* The count sits beside the button, not in it: the button's name is exactly its label
          (WCAG 2.5.3), and the count is its description. The badge lets clicks through. */}
      <Badge badgeContent={unread} color="error" max={99} overlap="circular" slotProps={{ badge: { 'aria-hidden': true, style: { pointerEvents: 'none' } } }}>
        <IconButton
          aria-label={t('notification-bell.label')}
          aria-description={unread ? t('notification-bell.unread', { count: unread }) : undefined}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <NotificationsNoneOutlined />
        </IconButton>
      </Badge>
      {opened ? (
        <Suspense fallback={null}>
          <NotificationsPopover anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
