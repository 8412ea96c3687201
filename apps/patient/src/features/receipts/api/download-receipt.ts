import type { PatientReceipt } from '@caredesk/shared';
import { apiFile } from '@/lib/http';

/** Where the PDF of a receipt or credit note of the account is (GET, patient token). */
export function receiptPdfPath(receipt: Pick<PatientReceipt, 'kind' | 'id'>): string {
  const id = encodeURIComponent(receipt.id);
  return receipt.kind === 'RECEIPT' ? `/patient/receipts/${id}/receipt.pdf` : `/patient/credit-notes/${id}/credit-note.pdf`;
}

/** A file name from the document's number ('JNR/2026-27/000123' → 'receipt-JNR-2026-27-000123.pdf'), never the patient's. */
export function receiptFileName(receipt: Pick<PatientReceipt, 'kind' | 'number'>): string {
  const prefix = receipt.kind === 'RECEIPT' ? 'receipt' : 'credit-note';
  return `${prefix}-${receipt.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/**
 * Fetches the PDF with the patient's token and saves it on the phone. The bytes are handed over
 * through a short-lived object URL, released once the browser has taken the download.
 */
export async function downloadReceipt(receipt: PatientReceipt): Promise<void> {
  const pdf = await apiFile(receiptPdfPath(receipt));
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(receipt);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
