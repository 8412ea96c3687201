import type { ComponentType } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths, type BookingKind } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { getPublicOrganisation } from '@/lib/public-organisation';
import { useResource } from '@/lib/use-resource';
import { findBookable } from '../bookable';
import { BookingSteps } from '../components/booking-steps';
import './booking-page.css';

export interface BookingPageProps {
  slug: string;
  kind: BookingKind;
  id: string;
  /** Signing in by phone, from the auth feature (composed in app/). */
  signIn: ComponentType<{ onSignedIn: () => void }>;
}

/** /p/{slug}/book/{doctors|services}/{id}: loads the organisation's page, then the steps. */
export function BookingPage(props: BookingPageProps) {
  const t = useT();
  const page = useResource(`organisation:${props.slug}`, (signal) => getPublicOrganisation(props.slug, signal));
  if (page.status === 'loading') return <p role="status">{t('app.loading')}</p>;
  if (page.status === 'error') {
    return (
      <Alert>
        {page.error instanceof ApiError && page.error.status === NETWORK_ERROR
          ? t('errors.network')
          : page.error instanceof ApiError && page.error.status === 404
            ? t('organisation.notFoundTitle')
            : t('organisation.loadFailed')}{' '}
        <Button variant="quiet" onClick={page.reload}>
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  }
  const bookable = findBookable(page.data, props.kind, props.id);
  if (!bookable) {
    return (
      <section className="page">
        <PageTitle>{t('book.unavailableTitle')}</PageTitle>
        <p className="page__lead">{t('book.unavailableBody')}</p>
        <div className="actions">
          <ButtonLink to={paths.organisation.getHref(page.data.slug)}>{t('book.backToOrganisation', { name: page.data.name })}</ButtonLink>
        </div>
      </section>
    );
  }
  return <BookingSteps organisation={page.data} bookable={bookable} SignIn={props.signIn} />;
}
