import { useEffect, useId } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { getPublicOrganisation } from '@/lib/public-organisation';
import { navigate } from '@/lib/router';
import { useResource } from '@/lib/use-resource';
import { Catalogue } from '../components/catalogue';
import { FacilityCard } from '../components/facility-card';
import './organisation-page.css';

/** /p/{slug}: an organisation's public page — where it is, when it is open, what to book online. */
export function OrganisationPage({ slug }: { slug: string }) {
  const t = useT();
  const facilitiesId = useId();
  const page = useResource(`organisation:${slug}`, (signal) => getPublicOrganisation(slug, signal));
  const moved = page.status === 'ready' && page.data.slug !== slug;

  useEffect(() => {
    // A former address (the server answered 308): show the current one, without a history entry.
    if (moved) navigate(paths.organisation.getHref(page.data.slug), { replace: true });
  }, [moved, page]);

  if (page.status === 'loading' || moved) return <p role="status">{t('organisation.loading')}</p>;
  if (page.status === 'error') {
    if (page.error instanceof ApiError && page.error.status === 404) {
      return (
        <section className="page">
          <PageTitle>{t('organisation.notFoundTitle')}</PageTitle>
          <p className="page__lead">{t('organisation.notFoundBody')}</p>
          <div className="actions">
            <ButtonLink to={paths.home.getHref()}>{t('nav.home')}</ButtonLink>
          </div>
        </section>
      );
    }
    return (
      <Alert>
        {page.error instanceof ApiError && page.error.status === NETWORK_ERROR ? t('errors.network') : t('organisation.loadFailed')}{' '}
        <Button variant="quiet" onClick={page.reload}>
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  }

  const organisation = page.data;
  return (
    <section className="page organisation">
      <header className="organisation__header">
        {organisation.logoUrl && <img className="organisation__logo" src={organisation.logoUrl} alt="" width="56" height="56" fetchPriority="high" />}
        <PageTitle>{organisation.name}</PageTitle>
      </header>
      <Catalogue page={organisation} />
      {organisation.facilities.length > 0 && (
        <section aria-labelledby={facilitiesId} className="organisation__facilities">
          <h2 id={facilitiesId}>{t('organisation.facilities', { count: organisation.facilities.length })}</h2>
          <ul className="catalogue-list">
            {organisation.facilities.map((facility) => (
              <li key={facility.id}>
                <FacilityCard facility={facility} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
