import type { PatientChatMessage } from '@caredesk/shared';
import { Button } from '@/components/button';
import { useT } from '@/i18n/use-t';
import { useChatTime } from '../chat-format';
import type { PendingMessage } from '../use-send';
import { AttachmentView } from './attachment-view';
import { sendErrorText } from './send-error';

/** A message as the thread shows it: the server's, or one of ours on its way. */
export type ShownMessage = { kind: 'sent'; message: PatientChatMessage } | { kind: 'pending'; message: PendingMessage };

/** ✓ sent, ✓✓ read by the desk (readAt), for the patient's own messages. */
function ReadMark({ readAt }: { readAt: string | null }) {
  const t = useT();
  const label = readAt ? t('chats.read') : t('chats.sent');
  return (
    <span className={readAt ? 'chat-mark chat-mark--read' : 'chat-mark'} role="img" aria-label={label} title={label}>
      {readAt ? '✓✓' : '✓'}
    </span>
  );
}

/** One message: the patient's on the right with its mark, the desk's on the left with who wrote it. */
export function MessageBubble({ shown, onRetry }: { shown: ShownMessage; onRetry: (clientId: string) => void }) {
  const t = useT();
  const time = useChatTime();
  const mine = shown.kind === 'pending' || shown.message.sender === 'PATIENT';
  const { message } = shown;
  return (
    <li className={mine ? 'chat-message chat-message--mine' : 'chat-message'}>
      <div className="chat-message__bubble">
        <span className="chat-message__sender">{mine ? t('chats.you') : shown.kind === 'sent' ? shown.message.senderName : ''}</span>
        {message.text && <p className="chat-message__text">{message.text}</p>}
        {shown.kind === 'sent' && shown.message.attachment && <AttachmentView attachment={shown.message.attachment} />}
        {shown.kind === 'pending' && shown.message.attachment && <p className="chat-message__pending-file">{shown.message.attachment.name}</p>}
        <span className="chat-message__meta">
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
          {shown.kind === 'sent' && mine && <ReadMark readAt={shown.message.readAt} />}
          {shown.kind === 'pending' && shown.message.status === 'sending' && <span>{t('chats.sending')}</span>}
        </span>
        {shown.kind === 'pending' && shown.message.status === 'failed' && (
          <span className="chat-message__failed" role="alert">
            {t('chats.notSent')} {sendErrorText(t, shown.message.error)}{' '}
            <Button variant="quiet" onClick={() => onRetry(shown.message.clientId)}>
              {t('actions.retry')}
            </Button>
          </span>
        )}
      </div>
    </li>
  );
}
