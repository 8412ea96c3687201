import type { OrganisationType, StaffRole } from '@caredesk/shared';
import { and, eq, exists, isNull } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.js';
import { organisations, sessions, staff } from '../db/schema/index.js';
import { UnauthorizedError } from './errors.js';
import { verifyAccessToken } from './tokens.js';

/** The verified caller. organisationId scopes every tenant query (never the body or path). */
export interface StaffContext {
  id: string;
  organisationId: string;
  role: StaffRole;
  organisationType: OrganisationType;
  sessionFamilyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller of a route guarded by `authenticate`. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new UnauthorizedError();
  return request.staff;
}

/**
 * The pre-handler of every staff route: a valid access token, a staff member who is still
 * active in an organisation that still exists, and a session family that was not logged out.
 * One indexed query; role and type come from the database, so changes apply at once.
 */
export function createAuthenticate(db: Db, key: Uint8Array): preHandlerAsyncHookHandler {
  return async function authenticate(request) {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError();
    request.staff = await verifyStaffToken(db, key, token);
  };
}

/**
 * The staff behind an access token, checked exactly as every HTTP route checks it (also used by
 * the WebSocket at /api/events); throws UnauthorizedError otherwise.
 */
export async function verifyStaffToken(db: Db, key: Uint8Array, token: string): Promise<StaffContext> {
  const claims = await verifyAccessToken(key, token);
  if (!claims) throw new UnauthorizedError('Your session has expired. Sign in again.');
  const liveSession = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.familyId, claims.sessionFamilyId), eq(sessions.staffId, claims.staffId), isNull(sessions.revokedAt)));
  const [row] = await db
    .select({ role: staff.role, organisationType: organisations.type })
    .from(staff)
    .innerJoin(organisations, eq(organisations.id, staff.organisationId))
    .where(and(eq(staff.id, claims.staffId), eq(staff.organisationId, claims.organisationId), eq(staff.active, true), exists(liveSession)))
    .limit(1);
  if (!row) throw new UnauthorizedError('Your session has ended. Sign in again.');
  return {
    id: claims.staffId,
    organisationId: claims.organisationId,
    role: row.role,
    organisationType: row.organisationType,
    sessionFamilyId: claims.sessionFamilyId,
  };
}
