import { billingPdfPaths, type BillingPaper } from '@caredesk/shared';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { enqueueSnackbar } from '@/components/toast';
import { errorMessage, http } from '@/lib/http';
import { useT } from './i18n';

/**
 * Fetches a receipt's PDF through the authenticated client (a plain link would carry no bearer
 * token) and saves it under the server's name for it: the receipt's number, never the patient's.
 */
export async function downloadReceiptPdf(paymentId: string, receiptNumber: string, paper: BillingPaper): Promise<void> {
  const response = await http.get<Blob>(billingPdfPaths.receipt(paymentId), { params: { paper }, responseType: 'blob', headers: { Accept: 'application/pdf' } });
  const blob = response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart], { type: 'application/pdf' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = named ?? `receipt-${receiptNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** "Download PDF" beside Print: the same receipt on the paper chosen, as a file to send or keep. */
export function DownloadReceiptPdfButton({ paymentId, receiptNumber, paper }: { paymentId: string; receiptNumber: string; paper: BillingPaper }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReceiptPdf(paymentId, receiptNumber, paper);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button startIcon={<FileDownloadOutlined />} onClick={() => void download()} disabled={busy}>
      {t('billing.downloadPdf')}
    </Button>
  );
}
