import { I18nProvider } from '@lingui/react';
import { Fragment, Suspense } from 'react';
import { i18n } from '@/i18n/i18n';
import { useT } from '@/i18n/use-t';
import { useLocation } from '@/lib/router';
import { AppLayout } from './app-layout';
import { pageFor } from './routes';

function CurrentPage() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
      <Fragment key={pathname}>{pageFor(pathname)}</Fragment>
    </Suspense>
  );
}

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <AppLayout>
        <CurrentPage />
      </AppLayout>
    </I18nProvider>
  );
}
