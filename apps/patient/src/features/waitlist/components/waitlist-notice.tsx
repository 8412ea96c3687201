import { useId } from 'react';
import { ButtonLink } from '@/components/button';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useSession } from '@/lib/session';
import { useResource } from '@/lib/use-resource';
import { listWaitlist } from '../api/list-waitlist';
import './waitlist-notice.css';

/**
 * On the home page, for a signed-in patient on a waitlist: a place held for them, prominently, or
 * the way to their places in line. Nothing for everyone else (most patients), nor when it cannot be read.
 */
export function WaitlistNotice() {
  const t = useT();
  const session = useSession();
  const waitlist = useResource(session ? `waitlist:${session.accessToken}` : null, listWaitlist);
  const titleId = useId();
  if (!session || waitlist.status !== 'ready') return null;
  const offers = waitlist.data.filter((entry) => entry.status === 'OFFERED').length;
  const waiting = waitlist.data.filter((entry) => entry.status === 'WAITING').length;
  if (offers > 0) {
    return (
      <section className="waitlist-notice waitlist-notice--offer" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('home.waitlistOfferTitle')}</h2>
        <p>{t('home.waitlistOfferBody', { count: offers })}</p>
        <ButtonLink to={paths.waitlist.getHref()}>{t('home.waitlistSee')}</ButtonLink>
      </section>
    );
  }
  if (waiting === 0) return null;
  return (
    <section className="waitlist-notice" aria-label={t('nav.waitlist')}>
      <p>{t('home.waitlistWaiting', { count: waiting })}</p>
      <ButtonLink variant="secondary" to={paths.waitlist.getHref()}>
        {t('nav.waitlist')}
      </ButtonLink>
    </section>
  );
}
