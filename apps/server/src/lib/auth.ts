import type { Language, OrganisationType, StaffRole } from '@caredesk/shared';
import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.js';
import { preparedPerDb } from '../db/prepared.js';
import { organisations, sessions, staff } from '../db/schema/index.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import type { EventBus } from './events/bus.js';
import { createRemembered } from './events/remembered.js';
import { verifyAccessToken, type AccessClaims } from './tokens.js';

/** The verified caller. organisationId scopes every tenant query (never the body or path). */
export interface StaffContext {
  id: string;
  organisationId: string;
  role: StaffRole;
  organisationType: OrganisationType;
  sessionFamilyId: string;
  /** A doctor's own account (role USER): the doctor it is; null for everyone else, or when unlinked. */
  doctorId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffContext | null;
  }
  interface FastifyContextConfig {
    /** A doctor's own account (role USER) may call this route (openToDoctorAccounts). */
    openToDoctorAccounts?: boolean;
  }
}

/**
 * Marks every route the plugin registers after this call as open to a doctor's own account: its
 * own profile, sessions, notifications and push, and its consulting room. Every other staff route
 * refuses such an account in `authenticate`, whatever its area, so a route added later is closed
 * to doctors until someone decides otherwise.
 */
export function openToDoctorAccounts(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, openToDoctorAccounts: true } as typeof route.config;
  });
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

/** How long a checked session is trusted without asking the database again (see createStaffAuth). */
export const STAFF_CHECK_MAX_AGE_MS = 5_000;
/** Tokens remembered at most; the oldest is forgotten first. */
export const STAFF_CHECK_MAX_ENTRIES = 10_000;

/** What the session check reads besides the context: the staff member's saved language. */
export interface CheckedStaff extends StaffContext {
  language: Language;
}

export interface StaffAuth {
  /** The pre-handler of every staff route: sets request.staff and request.language, or answers 401. */
  authenticate: preHandlerAsyncHookHandler;
  /** The staff behind an access token, as every HTTP route checks it (the WebSocket at /api/events too). */
  verify(token: string): Promise<CheckedStaff>;
}

/**
 * Staff authentication: a valid access token, a staff member who is still active in an
 * organisation that still exists, and a session family that was not ended; role and type come
 * from the database, so changes apply at once.
 *
 * That check is a database round trip, as much as many reads' own work, so a token that passed
 * it is remembered for a few seconds (lib/events/remembered.ts). What ends or changes a session
 * (sign-out, ending a session, "sign out other sessions", a deactivation, a role change, a new
 * credential, a stolen refresh token's family revoked) announces `session.ended` on the bus
 * (modules/auth), which forgets that person's tokens in every process. A change made behind the
 * app's back (SQL by hand) is seen within STAFF_CHECK_MAX_AGE_MS.
 */
export function createStaffAuth(
  db: Db,
  key: Uint8Array,
  events: Pick<EventBus, 'subscribe' | 'onPublish' | 'onReconnect' | 'listening'>,
  { maxAgeMs = STAFF_CHECK_MAX_AGE_MS, maxEntries = STAFF_CHECK_MAX_ENTRIES } = {},
): StaffAuth {
  // A token's check stands until its person's sessions end (sign-out, deactivation, role change…).
  const checked = createRemembered<CheckedStaff>(events, {
    maxAgeMs,
    maxEntries,
    // …and a person's account change (their language: PATCH /api/account) is read again at once.
    staleAfter: (_organisationId, event) =>
      event.type === 'session.ended' || (event.type === 'account.changed' && event.staffId !== undefined) ? (staff) => staff.id === event.staffId : undefined,
  });

  function verify(token: string): Promise<CheckedStaff> {
    return checked.read(token, async () => {
      const claims = await verifyAccessToken(key, token);
      if (!claims) throw new UnauthorizedError('Your session has expired. Sign in again.');
      return { value: await checkStaff(db, claims), expiresAt: claims.expiresAt };
    });
  }

  return {
    verify,
    async authenticate(request) {
      const token = bearerToken(request);
      if (!token) throw new UnauthorizedError();
      const { language, ...context } = await verify(token);
      request.staff = context;
      request.language = language;
      if (context.role === 'USER' && !request.routeOptions.config.openToDoctorAccounts) throw new ForbiddenError();
    },
  };
}

// Every request whose token is not remembered runs it: prepared once (db/prepared.ts).
const liveStaff = preparedPerDb((db) => {
  const staffId = sql.placeholder('staffId');
  const liveSession = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.familyId, sql.placeholder('sessionFamilyId')), eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
  return db
    .select({ role: staff.role, organisationType: organisations.type, language: staff.language, doctorId: staff.doctorId })
    .from(staff)
    .innerJoin(organisations, eq(organisations.id, staff.organisationId))
    .where(and(eq(staff.id, staffId), eq(staff.organisationId, sql.placeholder('organisationId')), eq(staff.active, true), exists(liveSession)))
    .limit(1)
    .prepare('live_staff');
});

/**
 * The database's half of the check: throws UnauthorizedError when the session no longer stands.
 * The language comes with the same row, so replies speak it without another query.
 */
async function checkStaff(db: Db, claims: AccessClaims): Promise<CheckedStaff> {
  const [row] = await liveStaff(db).execute({ staffId: claims.staffId, organisationId: claims.organisationId, sessionFamilyId: claims.sessionFamilyId });
  if (!row) throw new UnauthorizedError('Your session has ended. Sign in again.');
  return {
    id: claims.staffId,
    organisationId: claims.organisationId,
    role: row.role,
    organisationType: row.organisationType,
    sessionFamilyId: claims.sessionFamilyId,
    doctorId: row.doctorId,
    language: row.language,
  };
}
