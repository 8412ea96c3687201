import type { SessionUser } from '@caredesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import type { EventBus } from '../../lib/events/bus.js';
import { createRemembered } from '../../lib/events/remembered.js';
import { organisations, staff } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';

type StaffRow = Pick<typeof staff.$inferSelect, 'id' | 'name' | 'email' | 'avatarUrl' | 'role' | 'language'>;
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
    language: member.language,
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
      member: { id: staff.id, name: staff.name, email: staff.email, avatarUrl: staff.avatarUrl, role: staff.role, language: staff.language },
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

/** How long a session user is answered without reading it again (lib/events/remembered.ts). */
export const SESSION_USER_MAX_AGE_MS = 5_000;

export interface SessionUsers {
  get(staffId: string, organisationId: string): Promise<SessionUser>;
}

/**
 * GET /api/me without a database round trip while nothing it shows changed: the console asks at
 * every start and tab, and the read was most of the route's cost (issue #18). Whatever changes a
 * person's name, e-mail, photo or role, or their organisation's profile, announces
 * `account.changed` (announceAccountChanged); a deactivation or role change also ends sessions.
 */
export function createSessionUsers(
  db: Db,
  events: Pick<EventBus, 'subscribe' | 'onPublish' | 'onReconnect' | 'listening'>,
  { maxAgeMs = SESSION_USER_MAX_AGE_MS, maxEntries = 10_000 } = {},
): SessionUsers {
  const remembered = createRemembered<SessionUser>(events, {
    maxAgeMs,
    maxEntries,
    staleAfter(organisationId, event) {
      if (event.type === 'session.ended') return (user) => user.id === event.staffId;
      if (event.type !== 'account.changed') return undefined;
      return event.staffId === undefined ? (user) => user.adminId === organisationId : (user) => user.id === event.staffId;
    },
  });
  return {
    // The organisation is part of the key: the same id asked under another organisation is not this user.
    get: (staffId, organisationId) => remembered.read(`${organisationId}/${staffId}`, async () => ({ value: await getSessionUser(db, staffId, organisationId) })),
  };
}

/** Tells every process that what GET /api/me answers changed: one person's (staffId) or everyone's in the organisation. Call after the change committed. */
export function announceAccountChanged(events: Pick<EventBus, 'publish'>, organisationId: string, staffId?: string): Promise<void> {
  return events.publish(organisationId, staffId === undefined ? { type: 'account.changed' } : { type: 'account.changed', staffId });
}
