import { ButtonLink } from '@/components/button';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import type { VisitOrganisation } from '../api/list-visit-organisations';

/** 'Message the desk' for each organisation the patient has visits with but no conversation yet. */
export function StartChatList({ organisations }: { organisations: VisitOrganisation[] }) {
  const t = useT();
  if (organisations.length === 0) return null;
  return (
    <section className="chat-start" aria-labelledby="chat-start-title">
      <h2 id="chat-start-title">{t('chats.startTitle')}</h2>
      <p className="page__lead">{t('chats.startBody')}</p>
      <ul>
        {organisations.map((organisation) => (
          <li key={organisation.id}>
            <span className="chat-start__name">{organisation.name}</span>
            <ButtonLink variant="secondary" to={paths.chat.newHref(organisation.id)} aria-label={t('chats.messageNamed', { name: organisation.name })}>
              {t('chats.message')}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
