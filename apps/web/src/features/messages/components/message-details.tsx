import type { MessageLogItem } from '@caredesk/shared';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messageLanguageLabel } from '@/i18n/shared-labels';
import { messageStatusText } from '@/components/messages/message-format';
import { DetailList } from '@/components/records/detail-list';
import { fDateTime } from '@/lib/format';
import { useT } from '../i18n';

/** A log row opened: the text as sent, to whom (masked), why it failed, and each step it went through. */
export function MessageDetails({ message }: { message: MessageLogItem }) {
  const t = useT();
  return (
    <Stack spacing={2} sx={{ py: 1 }}>
      <Box>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {t('messages.details.text')}
        </Typography>
        <Typography variant="body2" lang={message.language} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Typography>
      </Box>
      <DetailList
        items={[
          { label: t('messages.details.to'), value: message.to },
          { label: t('messages.details.language'), value: messageLanguageLabel(message.language) },
          { label: t('messages.details.due'), value: fDateTime(message.dueAt) },
          { label: t('messages.details.sent'), value: message.sentAt ? fDateTime(message.sentAt) : null },
          { label: t('messages.details.attempts'), value: String(message.attempts) },
          { label: t('messages.details.whyNotSent'), value: message.failureReason, hidden: !message.failureReason },
        ]}
      />
      <Box>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {t('messages.details.timeline')}
        </Typography>
        {message.timeline.length === 0 ? (
          <Typography variant="body2">-</Typography>
        ) : (
          <Stack component="ol" spacing={0.5} aria-label={t('messages.details.timeline')} sx={{ m: 0, pl: 2.5 }}>
            {message.timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <Typography variant="body2">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {messageStatusText(entry.status)}
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
