import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { Link } from '@/lib/router';
import { useLoadWaitlistSummary, useWaitlistSummary } from '../waitlist-summary';
import './waitlist-nav-link.css';

/**
 * 'My waitlist' in the header, only for an account on a waitlist (most patients never are), with
 * the number of places held for it, which the patient should not miss.
 */
export function WaitlistNavLink() {
  const t = useT();
  useLoadWaitlistSummary();
  const summary = useWaitlistSummary();
  if (!summary || summary.open === 0) return null;
  return (
    <Link to={paths.waitlist.getHref()}>
      {t('nav.waitlist')}
      {summary.offers > 0 && ' '}
      {summary.offers > 0 && (
        <span className="waitlist-nav-link__badge">
          <span aria-hidden="true">{summary.offers}</span>
          <span className="visually-hidden">{t('nav.waitlistOffers', { count: summary.offers })}</span>
        </span>
      )}
    </Link>
  );
}
