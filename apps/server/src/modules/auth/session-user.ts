import type { SessionUser } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
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

// GET /api/me runs this on every console start: prepared once, and only the columns it answers
// (the whole staff row would carry the password hash to the process for nothing).
const sessionUserRow = preparedPerDb((db) =>
  db
    .select({
      member: { id: staff.id, name: staff.name, email: staff.email, avatarUrl: staff.avatarUrl, role: staff.role },
      organisation: {
        id: organisations.id,
        name: organisations.name,
        email: organisations.email,
        type: organisations.type,
        logoUrl: organisations.logoUrl,
        timeZone: organisations.timeZone,
      },
    })
    .from(staff)
    .innerJoin(organisations, eq(organisations.id, staff.organisationId))
    .where(and(eq(staff.id, sql.placeholder('staffId')), eq(staff.organisationId, sql.placeholder('organisationId'))))
    .limit(1)
    .prepare('session_user'),
);

export async function getSessionUser(db: Db, staffId: string, organisationId: string): Promise<SessionUser> {
  const [row] = await sessionUserRow(db).execute({ staffId, organisationId });
  if (!row) throw new NotFoundError();
  return toSessionUser(row.member, row.organisation);
}
