import { useMenuTitle } from '@/components/menu-title';

const nouns: Record<string, string> = { Services: 'service', Scans: 'scan', 'Scans & Tests': 'scan or test' };

/** /scan's title for this account ('Services', 'Scans', 'Scans & Tests') and its singular noun. */
export function useScanTitle(): { title: string; noun: string } {
  const title = useMenuTitle('scans', 'Scans & Tests');
  return { title, noun: nouns[title] ?? 'scan or test' };
}
