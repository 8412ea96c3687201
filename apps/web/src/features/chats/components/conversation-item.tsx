import type { Conversation } from '@caredesk/shared';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router';
import { fDate, fTime } from '@/lib/format';

/** Today's messages by their time, older ones by their date. */
export function fActivity(iso: string): string {
  return dayjs(iso).isSame(dayjs(), 'day') ? fTime(iso) : fDate(iso);
}

function preview(conversation: Conversation): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const body = last.text || (last.hasAttachment ? 'Attachment' : '');
  return last.sender === 'STAFF' ? `You: ${body}` : body;
}

export function ConversationItem({ conversation, to, selected }: { conversation: Conversation; to: string; selected: boolean }) {
  const unread = conversation.unreadCount;
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      aria-label={`${conversation.patientName}${unread ? `, ${unread} unread` : ''}`}
      sx={{ gap: 1, alignItems: 'flex-start', borderRadius: 1 }}
    >
      <ListItemAvatar sx={{ minWidth: 0, mt: 0.5 }}>
        <Avatar sx={{ bgcolor: 'primary.main' }}>{conversation.patientName.charAt(0).toUpperCase()}</Avatar>
      </ListItemAvatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1, fontWeight: unread ? 700 : 500 }}>
            {conversation.patientName}
          </Typography>
          <Typography variant="caption" component="time" dateTime={conversation.lastActivityAt} sx={{ color: unread ? 'primary.main' : 'text.secondary', flexShrink: 0 }}>
            {fActivity(conversation.lastMessage?.createdAt ?? conversation.lastActivityAt)}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" noWrap sx={{ flex: 1, color: unread ? 'text.primary' : 'text.secondary' }}>
            {preview(conversation)}
          </Typography>
          {unread ? <Badge badgeContent={unread} color="primary" max={99} aria-label={`${unread} unread`} sx={{ mr: 1 }} /> : null}
        </Box>
      </Box>
    </ListItemButton>
  );
}
