import { auditActions, type AuditAction } from '@caredesk/shared';
import type { FilterOption } from '@/components/records/filter-select';

export const actionLabel: Record<AuditAction, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  read: 'Read',
  'sign-in': 'Sign-in',
  'sign-out': 'Sign-out',
  export: 'Export',
};

export const ACTION_OPTIONS: readonly FilterOption[] = auditActions.map((value) => ({ value, label: actionLabel[value] }));

/** The areas entries name (the first segment of the API route), as the filter offers them. */
export const ENTITY_OPTIONS: readonly FilterOption[] = [
  { value: 'patients', label: 'Patients' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'bookings', label: 'Bookings' },
  { value: 'chats', label: 'Chats' },
  { value: 'doctors', label: 'Doctors' },
  { value: 'services', label: 'Services' },
  { value: 'tokens', label: 'Token queues' },
  { value: 'uploads', label: 'Uploads' },
  { value: 'staff', label: 'Staff' },
  { value: 'settings', label: 'Settings' },
  { value: 'facilities', label: 'Facilities' },
  { value: 'account', label: 'Account' },
  { value: 'auth', label: 'Sign-in and sign-out' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'wallet', label: 'Wallet' },
  { value: 'plan', label: 'Plan' },
  { value: 'audit', label: 'Audit log' },
];

export function actionText(action: string): string {
  return actionLabel[action as AuditAction] ?? action;
}
