import type { ChatMessage } from '@caredesk/shared';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fTime } from '@/lib/format';
import type { PendingMessage } from '../api/pending-messages';
import { useT } from '../i18n';
import { ChatAttachmentView } from './chat-attachment';
import { MessageText } from './message-text';

/** A message as the thread shows it: the server's, or one of ours still on its way. */
export type ShownMessage = { kind: 'sent'; key: string; message: ChatMessage } | { kind: 'pending'; key: string; message: PendingMessage };

function DeliveryMark({ shown, onRetry }: { shown: ShownMessage; onRetry: (clientId: string) => void }) {
  const t = useT();
  if (shown.kind === 'pending') {
    const { status, clientId, error } = shown.message;
    if (status === 'sending') return <Typography variant="caption">{t('chats.sending')}</Typography>;
    return (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="caption" role="alert" title={error} sx={{ color: 'error.main', fontWeight: 600 }}>
          {t('chats.notSent')}
        </Typography>
        <Button size="small" color="error" variant="outlined" onClick={() => onRetry(clientId)} sx={{ py: 0, minWidth: 0, bgcolor: 'background.paper' }}>
          {t('chats.retry')}
        </Button>
      </Box>
    );
  }
  const read = shown.message.readAt !== null;
  const Icon = read ? DoneAllOutlined : DoneOutlined;
  const mark = read ? t('chats.read') : t('chats.delivered');
  return <Icon role="img" aria-label={mark} titleAccess={mark} sx={{ fontSize: 16 }} />;
}

/** One message: staff on the right, the patient on the left; sender, time, text, attachment, delivery. */
export function ChatMessageBubble({ shown, onRetry }: { shown: ShownMessage; onRetry: (clientId: string) => void }) {
  const t = useT();
  const staff = shown.kind === 'pending' || shown.message.sender === 'STAFF';
  const senderName = shown.kind === 'pending' ? t('chats.you') : shown.message.senderName;
  const failed = shown.kind === 'pending' && shown.message.status === 'failed';
  return (
    <Box
      component="li"
      aria-label={staff ? t('chats.staffMessage') : t('chats.patientMessage')}
      sx={{ display: 'flex', justifyContent: staff ? 'flex-end' : 'flex-start', listStyle: 'none' }}
    >
      <Box
        sx={{
          maxWidth: { xs: '85%', md: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          border: failed ? 1 : 0,
          borderColor: 'error.main',
          bgcolor: staff ? 'primary.main' : 'action.hover',
          color: staff ? 'primary.contrastText' : 'text.primary',
          opacity: shown.kind === 'pending' && !failed ? 0.8 : 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          minWidth: 0,
        }}
      >
        <Typography variant="caption" sx={{ fontWeight: 600, opacity: 0.9 }}>
          {senderName}
        </Typography>
        <MessageText text={shown.message.text} />
        {shown.message.attachment ? <ChatAttachmentView attachment={shown.message.attachment} /> : null}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, opacity: 0.9 }}>
          <Typography variant="caption" component="time" dateTime={shown.message.createdAt}>
            {fTime(shown.message.createdAt)}
          </Typography>
          {staff ? <DeliveryMark shown={shown} onRetry={onRetry} /> : null}
        </Box>
      </Box>
    </Box>
  );
}
