import type { Notification } from '@caredesk/shared';
import BookOnlineOutlined from '@mui/icons-material/BookOnlineOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { fDateTime, fToNow } from '@/lib/format';

const typeIcon = {
  'appointment-created': <EventNoteOutlined />,
  'booking-created': <BookOnlineOutlined />,
  'message-received': <ChatOutlined />,
} as const;

export function NotificationItem({ notification }: { notification: Notification }) {
  const unread = !notification.isRead;
  return (
    <ListItem
      alignItems="flex-start"
      data-unread={unread || undefined}
      sx={{ bgcolor: unread ? 'action.selected' : 'transparent', borderRadius: 1 }}
    >
      <ListItemAvatar>
        <Avatar src={notification.details.img} sx={{ bgcolor: 'primary.main' }}>
          {typeIcon[notification.type]}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: unread ? 700 : 500 }}>
            {notification.title}
            {unread ? (
              <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main' }}>
                <Box component="span" sx={visuallyHidden}>
                  Unread
                </Box>
              </Box>
            ) : null}
          </Box>
        }
        secondary={
          <>
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
              {notification.message}
            </Typography>
            <Typography component="time" variant="caption" dateTime={notification.createdAt} title={fDateTime(notification.createdAt)}>
              {fToNow(notification.createdAt)}
            </Typography>
          </>
        }
      />
    </ListItem>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
