import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useSession } from '@/lib/session';

/** /p/: what the app is for, and the way in; `notice` what the patient should see first (a place held on a waitlist). */
export function HomePage({ notice }: { notice?: ReactNode }) {
  const t = useT();
  const session = useSession();
  return (
    <section className="page">
      <PageTitle>{t('home.title')}</PageTitle>
      <p className="page__lead">{t('home.body')}</p>
      {notice}
      <div className="actions">
        {session ? null : <ButtonLink to={paths.signIn.getHref()}>{t('nav.signIn')}</ButtonLink>}
        <ButtonLink variant={session ? 'primary' : 'secondary'} to={paths.visits.getHref()}>
          {t('nav.visits')}
        </ButtonLink>
        <ButtonLink variant="secondary" to={paths.receipts.getHref()}>
          {t('nav.receipts')}
        </ButtonLink>
      </div>
    </section>
  );
}
