import { menuFor, type MenuArea } from '@caredesk/shared';
import { useSessionUser } from '../lib/session';

/** The account's own title for an area ('Services', 'Scans' or 'Scans & Tests' for /scan). */
export function useMenuTitle(area: MenuArea, fallback: string): string {
  const user = useSessionUser();
  if (!user || user.role === 'USER') return fallback;
  return menuFor(user.admin.type, user.role).find((entry) => entry.area === area)?.title ?? fallback;
}
