import { downloadCsv } from '@/components/records/download-csv';

/** The CSV of the ledger under the page's current filters (no paging). */
export function exportWalletEntries(params: Record<string, string | number>): Promise<void> {
  return downloadCsv('/wallet/entries/export.csv', params, 'wallet-transactions.csv');
}
