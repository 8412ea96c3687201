import { messageLanguageLabels, messageStatusLabels, type MessageLogItem } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '@/components/records/detail-list';
import { fDateTime } from '@/lib/format';

/** A log row opened: the text as sent, to whom (masked), why it failed, and each step it went through. */
export function MessageDetails({ message }: { message: MessageLogItem }) {
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      <Box>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          Text
        </Typography>
        <Typography variant="body2" lang={message.language} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Typography>
      </Box>
      <DetailList
        items={[
          { label: 'To', value: message.to },
          { label: 'Language', value: messageLanguageLabels[message.language] },
          { label: 'Due', value: fDateTime(message.dueAt) },
          { label: 'Sent', value: message.sentAt ? fDateTime(message.sentAt) : null },
          { label: 'Attempts', value: String(message.attempts) },
          { label: 'Why not sent', value: message.failureReason, hidden: !message.failureReason },
        ]}
      />
      <Box>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          Status timeline
        </Typography>
        {message.timeline.length === 0 ? (
          <Typography variant="body2">-</Typography>
        ) : (
          <Stack component="ol" spacing={0.5} aria-label="Status timeline" sx={{ m: 0, pl: 2.5 }}>
            {message.timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <Typography variant="body2">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {messageStatusLabels[entry.status]}
                  </Box>{' '}
                  · {fDateTime(entry.at)}
                  {entry.detail ? ` · ${entry.detail}` : ''}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
