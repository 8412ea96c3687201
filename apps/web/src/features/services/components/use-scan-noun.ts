import { useMenuTitle } from '@/components/menu-title';
import type { ListKind } from '../i18n';

const kinds: Record<string, { kind: ListKind; noun: string }> = {
  Services: { kind: 'scanServices', noun: 'service' },
  Scans: { kind: 'scans', noun: 'scan' },
  'Scans & Tests': { kind: 'scansAndTests', noun: 'scan or test' },
};

/**
 * /scan's list for this account ('Services', 'Scans', 'Scans & Tests'), as the key its texts are
 * chosen by, and its singular English noun for the shared record actions.
 */
export function useScanTitle(): { kind: ListKind; noun: string } {
  const title = useMenuTitle('scans', 'Scans & Tests');
  return kinds[title] ?? { kind: 'scansAndTests', noun: 'scan or test' };
}
