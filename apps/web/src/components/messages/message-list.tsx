import type { MessageLogItem } from '@caredesk/shared';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { fDateTime } from '@/lib/format';
import { useT } from './i18n';
import { channelText, messageEventText, messageTime } from './message-format';
import { MessageStatusChip } from './message-status-chip';

interface MessageListProps {
  /** The list's accessible name, e.g. 'Messages to this patient'. */
  label: string;
  messages: readonly MessageLogItem[];
}

/** A compact list of messages: what, by which channel, when, its status, and why one was not sent. */
export function MessageList({ label, messages }: MessageListProps) {
  // Renders again on a change of language: the event texts below are read as it renders.
  useT();
  return (
    <List aria-label={label} disablePadding>
      {messages.map((message) => (
        <ListItem key={message.id} divider sx={{ px: 0, gap: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {messageEventText(message)} · {channelText(message)}
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {fDateTime(messageTime(message))}
            </Typography>
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {message.text}
            </Typography>
            {message.failureReason ? (
              <Typography variant="caption" component="p" sx={{ color: 'error.main' }}>
                {message.failureReason}
              </Typography>
            ) : null}
          </Box>
          <MessageStatusChip status={message.status} />
        </ListItem>
      ))}
    </List>
  );
}
