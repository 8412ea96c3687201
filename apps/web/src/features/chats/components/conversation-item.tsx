import type { Conversation } from '@caredesk/shared';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/visually-hidden';
import { fDate, fTime } from '@/lib/format';
import { useT } from '../i18n';

/** Today's messages by their time, older ones by their date. */
export function fActivity(iso: string): string {
  return dayjs(iso).isSame(dayjs(), 'day') ? fTime(iso) : fDate(iso);
}

function preview(conversation: Conversation, t: ReturnType<typeof useT>): string {
  const last = conversation.lastMessage;
  if (!last) return t('chats.noMessagesYet');
  const body = last.text || (last.hasAttachment ? t('chats.attachment') : '');
  return last.sender === 'STAFF' ? t('chats.youWrote', { text: body }) : body;
}

/**
 * One conversation as a list item whose link is named by what it shows (WCAG 2.5.3): 'Asha Rao,
 * 2 unread 10:30 am Can I come at 11?'. The avatar's letter and the badge's number are drawn only.
 */
export function ConversationItem({ conversation, to, selected }: { conversation: Conversation; to: string; selected: boolean }) {
  const t = useT();
  const unread = conversation.unreadCount;
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={to} selected={selected} aria-current={selected ? 'page' : undefined} sx={{ gap: 1, alignItems: 'flex-start', borderRadius: 1 }}>
        <ListItemAvatar aria-hidden sx={{ minWidth: 0, mt: 0.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main' }}>{conversation.patientName.charAt(0).toUpperCase()}</Avatar>
        </ListItemAvatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="subtitle2" noWrap sx={{ flex: 1, fontWeight: unread ? 700 : 500 }}>
              {/* One hidden text for the name and the count: a hidden piece after the name made browsers say 'Asha Rao , 2 unread'. */}
              {unread ? (
                <>
                  <span aria-hidden>{conversation.patientName}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {t('chats.nameUnread', { name: conversation.patientName, count: unread })}
                  </Box>
                </>
              ) : (
                conversation.patientName
              )}
            </Typography>
            <Typography variant="caption" component="time" dateTime={conversation.lastActivityAt} sx={{ color: unread ? 'primary.main' : 'text.secondary', flexShrink: 0 }}>
              {fActivity(conversation.lastMessage?.createdAt ?? conversation.lastActivityAt)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" noWrap sx={{ flex: 1, color: unread ? 'text.primary' : 'text.secondary' }}>
              {preview(conversation, t)}
            </Typography>
            {unread ? <Badge badgeContent={unread} color="primary" max={99} aria-hidden sx={{ mr: 1 }} /> : null}
          </Box>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
