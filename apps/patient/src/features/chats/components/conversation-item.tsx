import type { PatientConversation } from '@caredesk/shared';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { Link } from '@/lib/router';
import { useChatTime } from '../chat-format';
import { OrganisationLogo } from './organisation-logo';

/** One conversation: who with, the last message (ours prefixed 'You:'), when, and how many unread. */
export function ConversationItem({ conversation }: { conversation: PatientConversation }) {
  const t = useT();
  const time = useChatTime();
  const last = conversation.lastMessage;
  const preview = last ? last.text || (last.hasAttachment ? t('chats.attachmentPreview') : '') : t('chats.noMessages');
  const unread = conversation.unreadCount;
  return (
    <li>
      <Link className={unread > 0 ? 'chat-item chat-item--unread' : 'chat-item'} to={paths.chat.getHref(conversation.id)}>
        <OrganisationLogo name={conversation.organisation.name} logoUrl={conversation.organisation.logoUrl} />
        <span className="chat-item__body">
          <span className="chat-item__top">
            <span className="chat-item__name">{conversation.organisation.name}</span>
            <time className="chat-item__time" dateTime={conversation.lastActivityAt}>
              {time(conversation.lastActivityAt)}
            </time>
          </span>
          <span className="chat-item__bottom">
            <span className="chat-item__preview">{last?.sender === 'PATIENT' ? t('chats.youSaid', { text: preview }) : preview}</span>
            {unread > 0 && (
              <span className="chat-item__badge">
                <span aria-hidden="true">{unread}</span>
                <span className="visually-hidden">{t('chats.unread', { count: unread })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
