import type { Notification } from '@caredesk/shared';
import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@/components/visually-hidden';
import { fDateTime, fToNow } from '@/lib/format';
import { useT } from '../i18n';

const typeIcon = {
  'appointment-created': <EventNoteOutlined />,
  'booking-created': <BookOnlineOutlined />,
  'message-received': <ChatOutlined />,
  'wallet-low': <AccountBalanceWalletOutlined />,
  'payment-held': <CurrencyExchangeOutlined />,
} as const;

interface NotificationItemProps {
  notification: Notification;
  /** Marks it read and opens where it leads. */
  onOpen: (notification: Notification) => void;
  /** Buttons at the end of the row (the page's mark read and delete). */
  actions?: ReactNode;
}

/** Title, message, age and the optional image (details.img); unread ones highlighted. */
export function NotificationItem({ notification, onOpen, actions }: NotificationItemProps) {
  const t = useT();
  const unread = !notification.isRead;
  return (
    <ListItem
      disablePadding
      data-unread={unread || undefined}
      secondaryAction={actions}
      sx={{ bgcolor: unread ? 'action.selected' : 'transparent', borderRadius: 1, '& .MuiListItemSecondaryAction-root': { right: 8 } }}
    >
      <ListItemButton alignItems="flex-start" onClick={() => onOpen(notification)} sx={{ borderRadius: 1, pr: actions ? 12 : 2 }}>
        <ListItemAvatar>
          <Avatar src={notification.details.img} alt="" sx={{ bgcolor: 'primary.main' }}>
            {typeIcon[notification.type]}
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          disableTypography
          primary={
            <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'subtitle2', fontWeight: unread ? 700 : 500 }}>
              {notification.title}
              {unread ? (
                <Box component="span" sx={{ width: 8, height: 8, flexShrink: 0, borderRadius: '50%', bgcolor: 'primary.main' }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('notifications.unread')}
                  </Box>
                </Box>
              ) : null}
            </Box>
          }
          secondary={
            <>
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {notification.message}
              </Typography>
              <Typography component="time" variant="caption" dateTime={notification.createdAt} title={fDateTime(notification.createdAt)} sx={{ color: 'text.secondary' }}>
                {fToNow(notification.createdAt)}
              </Typography>
            </>
          }
        />
      </ListItemButton>
    </ListItem>
  );
}
