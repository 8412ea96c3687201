import type { StaffMember } from '@caredesk/shared';
import { getTableColumns } from 'drizzle-orm';
import { staff } from '../../db/schema/index.js';

// Every column but the password hash, which never leaves the service.
const { passwordHash: _passwordHash, ...memberColumns } = getTableColumns(staff);
export { memberColumns };

export type MemberRow = Omit<typeof staff.$inferSelect, 'passwordHash'>;

export function toStaffMember(row: MemberRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    doctorId: row.doctorId,
    avatarUrl: row.avatarUrl,
    active: row.active,
    invitationPending: row.invitationPending,
    passwordChangeRequired: row.passwordChangeRequired,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
