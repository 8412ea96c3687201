import type { EventBus } from '../../lib/events/bus.js';
import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_DAYS, type StaffRole } from '@caredesk/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { organisations, sessions, staff } from '../../db/schema/index.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { hashToken, newRefreshToken, signAccessToken } from '../../lib/tokens.js';

const REFRESH_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
const REFRESH_FAILED = 'Your session has ended. Sign in again.';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

interface Subject {
  staffId: string;
  organisationId: string;
  role: StaffRole;
}

/** Server settings of a session's tokens (config.ts); the shared defaults when not given. */
export interface SessionOptions {
  accessTokenTtlSeconds?: number;
}

/**
 * How long after a rotation the rotated token may come back from the same browser without
 * counting as theft. Two tabs of one browser that reach the access token's expiry together send
 * the same refresh token a few milliseconds apart: the console makes its tabs take turns (Web
 * Locks, apps/web/src/lib/refresh-coordinator.ts), but a tab still running an older console, or a
 * browser without Web Locks, does not. Seconds, not minutes, so a token stolen and replayed later
 * still revokes the family.
 */
export const ROTATION_GRACE_MS = 10_000;
/** Rotations followed from a replayed token to its family's newest; a benign race needs one or two. */
const MAX_GRACE_STEPS = 5;

type SessionRow = typeof sessions.$inferSelect;

/** Starts a new session family (one per sign-in) and returns its first token pair. */
export async function startSession(db: Db, key: Uint8Array, subject: Subject, client: ClientInfo, options: SessionOptions = {}): Promise<TokenPair> {
  const familyId = randomUUID();
  const refreshToken = newRefreshToken();
  await db.insert(sessions).values({
    familyId,
    staffId: subject.staffId,
    organisationId: subject.organisationId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    userAgent: storedUserAgent(client),
    ip: client.ip,
  });
  const accessToken = await signAccessToken(key, { ...subject, sessionFamilyId: familyId }, new Date(), options.accessTokenTtlSeconds);
  return { accessToken, refreshToken };
}

function storedUserAgent(client: ClientInfo): string | null {
  return client.userAgent?.slice(0, 500) ?? null;
}

type RotateOutcome = { kind: 'rotated'; pair: TokenPair } | { kind: 'rejected'; revoked?: { organisationId: string; staffId: string } };

/**
 * The family's newest token when `presented` (already rotated) comes back as one side of a race
 * between tabs of one browser: rotated under ROTATION_GRACE_MS ago, and every token issued since
 * went to this same user agent and address, none revoked, the newest unexpired. Anything else is
 * treated as theft. The rows on the way are locked, in the order they were issued (as a
 * rotation of any of them would lock it), so concurrent refreshes of one family serialise.
 */
async function raceHead(tx: Tx, presented: SessionRow, client: ClientInfo): Promise<SessionRow | undefined> {
  const userAgent = storedUserAgent(client);
  if (!userAgent || !presented.rotatedAt || presented.rotatedAt.getTime() < Date.now() - ROTATION_GRACE_MS) return undefined;
  let nextId = presented.replacedBy;
  for (let step = 0; nextId && step < MAX_GRACE_STEPS; step += 1) {
    const [row] = await tx.select().from(sessions).where(eq(sessions.id, nextId)).for('update').limit(1);
    if (!row || row.familyId !== presented.familyId || row.revokedAt || row.userAgent !== userAgent || row.ip !== client.ip) return undefined;
    if (!row.rotatedAt) return row.expiresAt.getTime() > Date.now() ? row : undefined;
    nextId = row.replacedBy;
  }
  return undefined;
}

/**
 * Exchanges a refresh token for a new pair. The row is locked, so two concurrent uses of one
 * token cannot both succeed. Presenting a token that was already rotated means it leaked (or a
 * client replayed it): the whole family is revoked, including the newest token.
 *
 * Except for the race raceHead describes: then the newest token is rotated in the caller's stead
 * and the caller gets the new pair, so the family keeps exactly one live refresh token. Whoever
 * held the one superseded (the other tab, or a thief who won the race) presents a rotated token
 * at its next refresh, which revokes the family as before once the grace is over.
 */
export async function rotateSession(
  db: Db,
  events: Pick<EventBus, 'publish'>,
  key: Uint8Array,
  refreshToken: string,
  client: ClientInfo,
  options: SessionOptions = {},
): Promise<TokenPair> {
  const outcome = await db.transaction(async (tx): Promise<RotateOutcome> => {
    const [current] = await tx
      .select({ session: sessions, role: staff.role, active: staff.active, organisationId: organisations.id })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .innerJoin(organisations, eq(organisations.id, sessions.organisationId))
      .where(eq(sessions.tokenHash, hashToken(refreshToken)))
      .for('update', { of: sessions })
      .limit(1);
    if (!current || current.session.revokedAt) return { kind: 'rejected' };
    const { session } = current;
    let replaced: SessionRow = session;
    if (session.rotatedAt) {
      const head = current.active ? await raceHead(tx, session, client) : undefined;
      if (!head) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.familyId, session.familyId), isNull(sessions.revokedAt)));
        return { kind: 'rejected', revoked: { organisationId: session.organisationId, staffId: session.staffId } };
      }
      replaced = head;
    }
    if (replaced.expiresAt.getTime() <= Date.now() || !current.active) return { kind: 'rejected' };

    const nextToken = newRefreshToken();
    const [next] = await tx
      .insert(sessions)
      .values({
        familyId: session.familyId,
        staffId: session.staffId,
        organisationId: session.organisationId,
        tokenHash: hashToken(nextToken),
        expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
        userAgent: storedUserAgent(client),
        ip: client.ip,
      })
      .returning({ id: sessions.id });
    await tx.update(sessions).set({ rotatedAt: new Date(), replacedBy: next!.id }).where(eq(sessions.id, replaced.id));
    const accessToken = await signAccessToken(
      key,
      { staffId: session.staffId, organisationId: session.organisationId, role: current.role, sessionFamilyId: session.familyId },
      new Date(),
      options.accessTokenTtlSeconds,
    );
    return { kind: 'rotated', pair: { accessToken, refreshToken: nextToken } };
  });
  // Thrown after commit, so a reuse's family revocation is kept; its access tokens stop at once too.
  if (outcome.kind === 'rejected') {
    if (outcome.revoked) await announceSessionsEnded(events, outcome.revoked.organisationId, outcome.revoked.staffId);
    throw new UnauthorizedError(REFRESH_FAILED);
  }
  return outcome.pair;
}

/** Ends the caller's session family and, if given, the family of a refresh token it owns. */
export async function endSession(db: Db, staffId: string, familyId: string, refreshToken?: string): Promise<void> {
  const families = [familyId];
  if (refreshToken) {
    const [row] = await db
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(refreshToken)), eq(sessions.staffId, staffId)));
    if (row && row.familyId !== familyId) families.push(row.familyId);
  }
  for (const family of families) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.familyId, family), eq(sessions.staffId, staffId), isNull(sessions.revokedAt)));
  }
}

/**
 * Ends every session family of a staff member at once (deactivation, a password reset, "sign
 * out other sessions"), except `keepFamilyId` when given: their refresh tokens stop working,
 * their access tokens are refused by the next request (lib/auth.ts) and their sockets
 * close at the next heartbeat. Pass the transaction of the change that causes it.
 */
export async function revokeStaffSessions(db: Db, staffId: string, keepFamilyId?: string): Promise<void> {
  const live = and(eq(sessions.staffId, staffId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keepFamilyId ? and(live, ne(sessions.familyId, keepFamilyId)) : live);
}

/**
 * Tells every process that sessions of this person ended, so their open event sockets close at
 * once (modules/events) instead of at the next heartbeat. Call after the change committed.
 */
export function announceSessionsEnded(events: Pick<EventBus, 'publish'>, organisationId: string, staffId: string): Promise<void> {
  return events.publish(organisationId, { type: 'session.ended', staffId });
}
