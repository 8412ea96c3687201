import type { StaffMember } from '@caredesk/shared';

export type StaffStatus = 'Active' | 'Deactivated' | 'Invitation pending';

export function staffStatusOf(member: StaffMember): StaffStatus {
  if (!member.active) return 'Deactivated';
  return member.invitationPending ? 'Invitation pending' : 'Active';
}
