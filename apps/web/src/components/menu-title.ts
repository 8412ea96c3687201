import { menuFor, type MenuArea } from '@caredesk/shared';
import { useT } from '../i18n/use-t';
import { useSessionUser } from '../lib/session';

/** The account's own title for an area ('Services', 'Scans' or 'Scans & Tests' for /scan), as the sidebar shows it. */
export function useMenuTitle(area: MenuArea, fallback: string): string {
  const t = useT();
  const user = useSessionUser();
  if (!user || user.role === 'USER') return fallback;
  const entry = menuFor(user.admin.type, user.role).find((one) => one.area === area);
  return entry ? t(`nav.${entry.key}`) : fallback;
}
