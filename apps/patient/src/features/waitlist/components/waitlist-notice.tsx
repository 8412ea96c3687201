import { useId } from 'react';
import { ButtonLink } from '@/components/button';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useWaitlistSummary } from '../waitlist-summary';
import './waitlist-notice.css';

/**
 * On the home page, for a signed-in patient on a waitlist: a place held for them, prominently, or
 * the way to their places in line. Nothing for everyone else (most patients), nor before the
 * header's link has read the waitlist.
 */
export function WaitlistNotice() {
  const t = useT();
  const summary = useWaitlistSummary();
  const titleId = useId();
  if (!summary || summary.open === 0) return null;
  if (summary.offers > 0) {
    return (
      <section className="waitlist-notice waitlist-notice--offer" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('home.waitlistOfferTitle')}</h2>
        <p>{t('home.waitlistOfferBody', { count: summary.offers })}</p>
        <ButtonLink to={paths.waitlist.getHref()}>{t('home.waitlistSee')}</ButtonLink>
      </section>
    );
  }
  return (
    <section className="waitlist-notice" aria-label={t('nav.waitlist')}>
      <p>{t('home.waitlistWaiting', { count: summary.open })}</p>
      <ButtonLink variant="secondary" to={paths.waitlist.getHref()}>
        {t('nav.waitlist')}
      </ButtonLink>
    </section>
  );
}
