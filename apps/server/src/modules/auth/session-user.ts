import type { SessionUser } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations, staff } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';

type StaffRow = Pick<typeof staff.$inferSelect, 'id' | 'name' | 'email' | 'avatarUrl' | 'role'>;
type OrganisationRow = Pick<typeof organisations.$inferSelect, 'id' | 'name' | 'email' | 'type' | 'logoUrl' | 'timeZone'>;

/** SPEC.md §3 "User": adminId and admin are the organisation; logoUrl is the staff avatar. */
export function toSessionUser(member: StaffRow, organisation: OrganisationRow): SessionUser {
  return {
    id: member.id,
    adminId: organisation.id,
    name: member.name,
    email: member.email,
    logoUrl: member.avatarUrl,
    role: member.role,
    admin: {
      id: organisation.id,
      name: organisation.name,
      email: organisation.email,
      type: organisation.type,
      logoUrl: organisation.logoUrl,
      timeZone: organisation.timeZone,
    },
  };
}

export async function getSessionUser(db: Db, staffId: string, organisationId: string): Promise<SessionUser> {
  const [row] = await db
    .select({ member: staff, organisation: organisations })
    .from(staff)
    .innerJoin(organisations, eq(organisations.id, staff.organisationId))
    .where(and(eq(staff.id, staffId), eq(staff.organisationId, organisationId)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return toSessionUser(row.member, row.organisation);
}
