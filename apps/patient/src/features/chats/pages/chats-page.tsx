import { useEffect } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { useLiveEvents } from '@/lib/live-events';
import { navigate } from '@/lib/router';
import { useSession } from '@/lib/session';
import { useResource } from '@/lib/use-resource';
import { listConversations } from '../api/list-conversations';
import { listVisitOrganisations } from '../api/list-visit-organisations';
import { ConversationItem } from '../components/conversation-item';
import { StartChatList } from '../components/start-chat-list';
import './chats.css';

/** /p/chats: the patient's conversations with every desk, newest first, and where to start one. */
export function ChatsPage() {
  const t = useT();
  const session = useSession();
  const key = session ? session.accessToken : null;
  const conversations = useResource(key && `chats:${key}`, listConversations);
  const organisations = useResource(key && `chat-organisations:${key}`, listVisitOrganisations);
  // A new message or a read mark anywhere: the list's order, previews and counts follow.
  useLiveEvents(session !== null, (event) => event.type === 'chat.message', conversations.reload);

  useEffect(() => {
    if (!session) navigate(paths.signIn.getHref(paths.chats.getHref()), { replace: true });
  }, [session]);
  if (!session) return null;

  const withConversation = new Set(conversations.status === 'ready' ? conversations.data.map((conversation) => conversation.organisation.id) : []);
  const startable = conversations.status === 'ready' && organisations.status === 'ready' ? organisations.data.filter((organisation) => !withConversation.has(organisation.id)) : [];
  return (
    <section className="page chats">
      <PageTitle>{t('chats.title')}</PageTitle>
      {conversations.status === 'loading' && <p role="status">{t('chats.loading')}</p>}
      {conversations.status === 'error' && (
        <Alert>
          {conversations.error instanceof ApiError && conversations.error.status === NETWORK_ERROR ? t('errors.network') : t('chats.loadFailed')}{' '}
          <Button variant="quiet" onClick={conversations.reload}>
            {t('actions.retry')}
          </Button>
        </Alert>
      )}
      {conversations.status === 'ready' && conversations.data.length === 0 && (
        <div className="card">
          <h2>{t('chats.emptyTitle')}</h2>
          <p className="page__lead">{t('chats.emptyBody')}</p>
        </div>
      )}
      {conversations.status === 'ready' && conversations.data.length > 0 && (
        <ul className="chat-list" aria-label={t('chats.listLabel')}>
          {conversations.data.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} />
          ))}
        </ul>
      )}
      <StartChatList organisations={startable} />
    </section>
  );
}
