import { ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';

/** Any other address under /p/: not an app page, an organisation's page or its booking. */
export function NotFoundPage() {
  const t = useT();
  return (
    <section className="page">
      <PageTitle>{t('notFound.title')}</PageTitle>
      <p className="page__lead">{t('notFound.body')}</p>
      <div className="actions">
        <ButtonLink to={paths.home.getHref()}>{t('nav.home')}</ButtonLink>
      </div>
    </section>
  );
}
