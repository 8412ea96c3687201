import { useEffect } from 'react';
import { Alert } from '@/components/alert';
import { Button, ButtonLink } from '@/components/button';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { navigate } from '@/lib/router';
import { useSession } from '@/lib/session';
import { useResource } from '@/lib/use-resource';
import { listReceipts } from '../api/list-receipts';
import { ReceiptCard } from '../components/receipt-card';
import './receipts-page.css';

/** /p/receipts: the signed-in patient's receipts and credit notes, everywhere they paid, newest first. */
export function ReceiptsPage() {
  const t = useT();
  const session = useSession();
  const receipts = useResource(session ? `receipts:${session.accessToken}` : null, listReceipts);

  useEffect(() => {
    if (!session) navigate(paths.signIn.getHref(paths.receipts.getHref()), { replace: true });
  }, [session]);
  if (!session) return null;

  return (
    <section className="page receipts">
      <PageTitle>{t('receipts.title')}</PageTitle>
      <p className="page__lead">{t('receipts.lead')}</p>
      {receipts.status === 'loading' && <p role="status">{t('receipts.loading')}</p>}
      {receipts.status === 'error' && (
        <Alert>
          {receipts.error instanceof ApiError && receipts.error.status === NETWORK_ERROR ? t('errors.network') : t('receipts.loadFailed')}{' '}
          <Button variant="quiet" onClick={receipts.reload}>
            {t('actions.retry')}
          </Button>
        </Alert>
      )}
      {receipts.status === 'ready' && receipts.data.length === 0 && (
        <div className="card">
          <h2>{t('receipts.emptyTitle')}</h2>
          <p className="page__lead">{t('receipts.emptyBody')}</p>
        </div>
      )}
      {receipts.status === 'ready' && receipts.data.length > 0 && (
        <ul className="receipt-list" aria-label={t('receipts.title')}>
          {receipts.data.map((receipt) => (
            <li key={`${receipt.kind}:${receipt.id}`}>
              <ReceiptCard receipt={receipt} />
            </li>
          ))}
        </ul>
      )}
      <ButtonLink variant="secondary" to={paths.home.getHref()}>
        {t('nav.home')}
      </ButtonLink>
    </section>
  );
}
