import type { PatientReceipt } from '@caredesk/shared';
import { useState } from 'react';
import { Button } from '@/components/button';
import { useT } from '@/i18n/use-t';
import { ApiError, NETWORK_ERROR } from '@/lib/http';
import { downloadReceipt } from '../api/download-receipt';

/** Saves one receipt's or credit note's PDF, asked for at the tap (it names the patient: no page holds it). */
export function DownloadButton({ receipt }: { receipt: PatientReceipt }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'downloading' | 'failed' | 'offline'>('idle');
  const download = async () => {
    setState('downloading');
    try {
      await downloadReceipt(receipt);
      setState('idle');
    } catch (error) {
      setState(error instanceof ApiError && error.status === NETWORK_ERROR ? 'offline' : 'failed');
    }
  };
  const name = receipt.kind === 'RECEIPT' ? t('receipts.downloadReceipt', { number: receipt.number }) : t('receipts.downloadCreditNote', { number: receipt.number });
  return (
    <>
      <Button variant="secondary" className="receipt-card__download" aria-label={name} disabled={state === 'downloading'} onClick={() => void download()}>
        {state === 'downloading' ? t('receipts.downloading') : t('receipts.download')}
      </Button>
      {(state === 'failed' || state === 'offline') && (
        <p role="alert" className="receipt-card__error">
          {state === 'offline' ? t('errors.network') : t('receipts.downloadFailed')}
        </p>
      )}
    </>
  );
}
