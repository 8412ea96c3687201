import type { PatientChatMessage } from '@caredesk/shared';
import { useEffect, useMemo } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { navigate, useLocation } from '@/lib/router';
import { useSession } from '@/lib/session';
import { useResource } from '@/lib/use-resource';
import { listVisitOrganisations } from '../api/list-visit-organisations';
import { Composer } from '../components/composer';
import { MessageBubble, type ShownMessage } from '../components/message-bubble';
import { OrganisationLogo } from '../components/organisation-logo';
import { useSend } from '../use-send';
import { useThread } from '../use-thread';
import './chats.css';

const NEW = 'new';

/**
 * /p/chats/{conversationId}: the thread, newest at the bottom, older pages on request; and
 * /p/chats/new?organisation={id}: an empty one whose first message starts the conversation.
 */
export function ChatThreadPage() {
  const t = useT();
  const session = useSession();
  const { pathname, search } = useLocation();
  const segment = decodeURIComponent(pathname.slice(paths.chat.prefix.length));
  const conversationId = session && segment !== NEW ? segment : null;
  const newOrganisationId = segment === NEW ? new URLSearchParams(search).get('organisation') : null;

  const thread = useThread(conversationId);
  const organisations = useResource(session && newOrganisationId ? `chat-organisations:${session.accessToken}` : null, listVisitOrganisations);
  const { pending, send, retry } = useSend({
    conversationId,
    organisationId: newOrganisationId,
    onSent: (message: PatientChatMessage) => thread.remember([message]),
  });

  useEffect(() => {
    if (!session) navigate(paths.signIn.getHref(`${pathname}${search}`), { replace: true });
  }, [session, pathname, search]);

  // Sent messages the thread already shows are no longer pending; the rest follow, oldest first.
  const shown = useMemo<ShownMessage[]>(() => {
    const sentIds = new Set(thread.messages.map((message) => message.clientId).filter(Boolean));
    return [
      ...thread.messages.map((message) => ({ kind: 'sent' as const, message })),
      ...pending.filter((message) => !sentIds.has(message.clientId)).map((message) => ({ kind: 'pending' as const, message })),
    ];
  }, [thread.messages, pending]);

  // The newest message in view (the page's end, below it the composer), when it changes; not
  // when older ones load above.
  const newest = shown.at(-1);
  const newestKey = newest ? (newest.kind === 'sent' ? newest.message.id : newest.message.clientId) : null;
  useEffect(() => {
    if (newestKey) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [newestKey]);

  if (!session) return null;

  const newOrganisation = organisations.status === 'ready' ? organisations.data.find((organisation) => organisation.id === newOrganisationId) : undefined;
  const organisation = thread.conversation?.organisation ?? (newOrganisation ? { ...newOrganisation, logoUrl: null } : null);
  const organisationId = thread.conversation?.organisation.id ?? newOrganisationId;

  if (segment === NEW && !newOrganisationId) {
    return (
      <section className="page chat-thread">
        <PageTitle>{t('chats.threadTitle')}</PageTitle>
        <Alert>{t('chats.notFound')}</Alert>
        <ButtonLink variant="secondary" to={paths.chats.getHref()}>
          {t('chats.back')}
        </ButtonLink>
      </section>
    );
  }
  const notFound = thread.error instanceof ApiError && (thread.error.status === 404 || thread.error.status === 400);
  return (
    <section className="page chat-thread">
      <div className="chat-thread__header">
        <ButtonLink variant="quiet" to={paths.chats.getHref()} aria-label={t('chats.back')}>
          <span aria-hidden="true">←</span>
        </ButtonLink>
        {organisation && <OrganisationLogo name={organisation.name} logoUrl={organisation.logoUrl} />}
        <PageTitle>{organisation?.name ?? t('chats.threadTitle')}</PageTitle>
      </div>
      {conversationId && thread.status === 'loading' && <p role="status">{t('chats.loadingThread')}</p>}
      {thread.status === 'error' && (
        <Alert>
          {notFound ? t('chats.notFound') : thread.error instanceof ApiError && thread.error.status === NETWORK_ERROR ? t('errors.network') : t('chats.loadFailed')}{' '}
          {!notFound && (
            <Button variant="quiet" onClick={thread.reload}>
              {t('actions.retry')}
            </Button>
          )}
        </Alert>
      )}
      {thread.hasOlder && (
        <Button variant="secondary" className="chat-thread__older" disabled={thread.older === 'loading'} onClick={() => void thread.loadOlder()}>
          {thread.older === 'loading' ? t('chats.loadingOlder') : t('chats.loadOlder')}
        </Button>
      )}
      {thread.older === 'failed' && <Alert>{t('chats.olderFailed')}</Alert>}
      {segment === NEW && shown.length === 0 && <p className="page__lead">{t('chats.newBody')}</p>}
      {/* The log wraps the list: a role on the <ol> itself would take its items out of any list. */}
      <div role="log" aria-label={t('chats.messages')}>
        <ol className="chat-log">
          {shown.map((item) => (
            <MessageBubble key={item.kind === 'sent' ? item.message.id : item.message.clientId} shown={item} onRetry={retry} />
          ))}
        </ol>
      </div>
      {organisationId && !notFound && <Composer organisationId={organisationId} onSend={send} />}
    </section>
  );
}
