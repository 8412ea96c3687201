import type { Paginated, PatientReceipt } from '@caredesk/shared';
import { api } from '@/lib/http';

/** The most a list answers in one page (the shared pagination's limit). */
const PAGE_SIZE = 200;

/** GET /api/patient/receipts: the account's receipts and credit notes in every organisation, newest first. */
export async function listReceipts(signal: AbortSignal): Promise<PatientReceipt[]> {
  const page = await api<Paginated<PatientReceipt>>(`/patient/receipts?page=1&pageSize=${PAGE_SIZE}`, { signal });
  // Light validation in place of zod: a list answer always has its rows in `data`.
  if (!Array.isArray(page.data)) throw new Error('Unexpected answer from the server');
  return page.data;
}
