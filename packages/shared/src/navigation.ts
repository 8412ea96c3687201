import type { StaffRole } from './roles.js';
import { accountKindOf, type AccountKind, type OrganisationType } from './organisation-types.js';

/**
 * The areas of the product a menu entry opens. The server authorises every staff route
 * by its area through this same table, so the sidebar and the API cannot disagree.
 */
export const menuAreas = ['dashboard', 'doctors', 'appointments', 'scans', 'services', 'bookings', 'patients', 'chats', 'settings', 'consulting'] as const;
export type MenuArea = (typeof menuAreas)[number];

/** Icon names; the console maps each to an icon component. */
export type MenuIcon = 'dashboard' | 'doctor' | 'appointment' | 'scan' | 'service' | 'booking' | 'patient' | 'chat' | 'settings';

/** Each entry's own name: the console's message id for its title is `nav.<key>`. */
export const menuEntryKeys = [
  'dashboard',
  'doctors',
  'appointments',
  'services',
  'bookings',
  'patients',
  'users',
  'chats',
  'settings',
  'scanServices',
  'scans',
  'scansAndTests',
  'consulting',
] as const;
export type MenuEntryKey = (typeof menuEntryKeys)[number];

export interface MenuEntry {
  key: MenuEntryKey;
  area: MenuArea;
  title: string;
  path: string;
  icon: MenuIcon;
}

const entry = {
  dashboard: { key: 'dashboard', area: 'dashboard', title: 'Dashboard', path: '/', icon: 'dashboard' },
  doctors: { key: 'doctors', area: 'doctors', title: 'Doctors', path: '/doctor', icon: 'doctor' },
  appointments: { key: 'appointments', area: 'appointments', title: 'Appointments', path: '/appointments', icon: 'appointment' },
  services: { key: 'services', area: 'services', title: 'Other Services', path: '/service', icon: 'service' },
  bookings: { key: 'bookings', area: 'bookings', title: 'Bookings', path: '/bookings', icon: 'booking' },
  patients: { key: 'patients', area: 'patients', title: 'Patients', path: '/user', icon: 'patient' },
  users: { key: 'users', area: 'patients', title: 'Users', path: '/user', icon: 'patient' },
  chats: { key: 'chats', area: 'chats', title: 'Chats', path: '/chats', icon: 'chat' },
  settings: { key: 'settings', area: 'settings', title: 'Settings', path: '/settings', icon: 'settings' },
  scanServices: { key: 'scanServices', area: 'scans', title: 'Services', path: '/scan', icon: 'scan' },
  scans: { key: 'scans', area: 'scans', title: 'Scans', path: '/scan', icon: 'scan' },
  scansAndTests: { key: 'scansAndTests', area: 'scans', title: 'Scans & Tests', path: '/scan', icon: 'scan' },
  consulting: { key: 'consulting', area: 'consulting', title: 'My patients', path: '/consulting', icon: 'doctor' },
} as const satisfies { [K in MenuEntryKey]: MenuEntry & { key: K } };

const e = entry;
const multiAdmin: readonly MenuEntry[] = [e.dashboard, e.doctors, e.appointments, e.scans, e.services, e.bookings, e.patients, e.chats, e.settings];
const multiWorker: readonly MenuEntry[] = [e.dashboard, e.doctors, e.appointments, e.scansAndTests, e.services, e.bookings, e.users, e.chats, e.settings];

// The spec names no menu for USER (its DOCTOR alias): a doctor's own account has the consulting room only (issue #21).
const doctorOwn: readonly MenuEntry[] = [e.consulting];

/** SPEC.md §2 "Sidebar menus by account", entry for entry and in order. */
export const navigationTable: Record<AccountKind, Record<StaffRole, readonly MenuEntry[]>> = {
  default: {
    ADMIN: [e.dashboard, e.doctors, e.appointments, e.services, e.patients, e.chats, e.settings],
    WORKER: [e.appointments, e.doctors, e.patients, e.services],
    USER: doctorOwn,
  },
  scan: {
    ADMIN: [e.dashboard, e.scanServices, e.services, e.bookings, e.patients, e.chats, e.settings],
    WORKER: [e.dashboard, e.scansAndTests, e.services, e.bookings, e.users, e.chats, e.settings],
    USER: doctorOwn,
  },
  multihospital: { ADMIN: multiAdmin, WORKER: multiWorker, USER: doctorOwn },
  multihospitalandcare: { ADMIN: multiAdmin, WORKER: multiWorker, USER: doctorOwn },
};

export function menuFor(type: OrganisationType, role: StaffRole): readonly MenuEntry[] {
  return navigationTable[accountKindOf(type)][role];
}

export function canAccessArea(type: OrganisationType, role: StaffRole, area: MenuArea): boolean {
  return menuFor(type, role).some((item) => item.area === area);
}

/** The route a signed-in user lands on when a route outside its menu is opened (design.md §4). */
export function homePathFor(type: OrganisationType, role: StaffRole): string {
  return menuFor(type, role)[0]?.path ?? '/profile';
}

/** Which menu area a console path belongs to; undefined for paths every staff member may open. */
export function areaOfPath(path: string): MenuArea | undefined {
  if (path === '/') return 'dashboard';
  const first = '/' + (path.split('/')[1] ?? '');
  const byPrefix: Record<string, MenuArea> = {
    '/doctor': 'doctors',
    '/appointments': 'appointments',
    '/scan': 'scans',
    '/service': 'services',
    '/bookings': 'bookings',
    '/user': 'patients',
    '/chats': 'chats',
    '/settings': 'settings',
    '/consulting': 'consulting',
  };
  return byPrefix[first];
}
