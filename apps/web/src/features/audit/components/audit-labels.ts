import { auditActions, auditEntities, type AuditAction, type AuditDetails, type AuditEntity } from '@caredesk/shared';
import type { FilterOption } from '@/components/records/filter-select';

export const actionLabel: Record<AuditAction, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  read: 'Read',
  list: 'List',
  search: 'Search',
  'sign-in': 'Sign-in',
  'sign-out': 'Sign-out',
  export: 'Export',
  denied: 'Denied (security)',
};

export const ACTION_OPTIONS: readonly FilterOption[] = auditActions.map((value) => ({ value, label: actionLabel[value] }));

const entityLabel: Record<AuditEntity, string> = {
  patients: 'Patients',
  appointments: 'Appointments',
  bookings: 'Bookings',
  chats: 'Chats',
  doctors: 'Doctors',
  services: 'Services',
  tokens: 'Token queues',
  uploads: 'Uploads',
  staff: 'Staff',
  settings: 'Settings',
  facilities: 'Facilities',
  account: 'Account',
  auth: 'Sign-in and sign-out',
  notifications: 'Notifications',
  push: 'Push notifications',
  wallet: 'Wallet',
  payments: 'Payments',
  plan: 'Plan',
  audit: 'Audit log',
  search: 'Search',
  dashboard: 'Dashboard',
  messages: 'Messages',
  billing: 'Billing',
};

/** Every area the server names (packages/shared auditEntities), as the filter offers them. */
export const ENTITY_OPTIONS: readonly FilterOption[] = auditEntities.map((value) => ({ value, label: entityLabel[value] }));

export function actionText(action: string): string {
  return actionLabel[action as AuditAction] ?? action;
}

const deniedLabel: Record<NonNullable<AuditDetails['denied']>, string> = { unauthenticated: 'not signed in', forbidden: 'not allowed', 'not-found': 'not found' };

/** '12 records · search by phone · status BOOKED', 'Refused: not found', or '-'. */
export function detailsText(details: AuditDetails | null): string {
  if (!details) return '-';
  const parts: string[] = [];
  if (details.denied) parts.push(`Refused: ${deniedLabel[details.denied]}`);
  if (details.count !== undefined) parts.push(details.count === 1 ? '1 record' : `${details.count} records`);
  if (details.search) parts.push(`search by ${details.search}`);
  for (const [name, value] of Object.entries(details.filters ?? {})) parts.push(`${name} ${value}`);
  return parts.length > 0 ? parts.join(' · ') : '-';
}
