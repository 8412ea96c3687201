import { useMenuTitle } from '@/components/menu-title';
import { useT } from '../i18n';

export type PatientsKind = 'patient' | 'user';

/**
 * The area's title in the console's language: 'Patients', or 'Users' where the account's menu
 * calls them so (the sidebar's nav.patients / nav.users), and which of the two it is.
 */
export function usePatientsTitle(): { kind: PatientsKind; title: string } {
  const t = useT();
  const kind: PatientsKind = useMenuTitle('patients', 'Patients') === 'Users' ? 'user' : 'patient';
  return { kind, title: kind === 'user' ? t('patients.title.users') : t('patients.title.patients') };
}
