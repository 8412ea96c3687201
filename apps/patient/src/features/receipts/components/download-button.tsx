import type { PatientReceipt } from '@caredesk/shared';
import { Button } from '@/components/button';
import { useT } from '@/i18n/use-t';
import { useTap } from '@/lib/use-tap';
import { downloadReceipt } from '../api/download-receipt';

/** Saves one receipt's or credit note's PDF, asked for at the tap (it names the patient: no page holds it). */
export function DownloadButton({ receipt }: { receipt: PatientReceipt }) {
  const t = useT();
  const { state, tap } = useTap(() => downloadReceipt(receipt));
  const name = receipt.kind === 'RECEIPT' ? t('receipts.downloadReceipt', { number: receipt.number }) : t('receipts.downloadCreditNote', { number: receipt.number });
  return (
    <>
      <Button variant="secondary" className="receipt-card__download" aria-label={name} disabled={state === 'busy'} onClick={tap}>
        {state === 'busy' ? t('receipts.downloading') : t('receipts.download')}
      </Button>
      {(state === 'failed' || state === 'offline') && (
        <p role="alert" className="receipt-card__error">
          {state === 'offline' ? t('errors.network') : t('receipts.downloadFailed')}
        </p>
      )}
    </>
  );
}
