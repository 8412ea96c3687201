import type { EventBus } from '../../lib/events/bus.js';
import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_DAYS } from '@caredesk/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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
  role: 'ADMIN' | 'WORKER';
}

/** Starts a new session family (one per sign-in) and returns its first token pair. */
export async function startSession(db: Db, key: Uint8Array, subject: Subject, client: ClientInfo): Promise<TokenPair> {
  const familyId = randomUUID();
  const refreshToken = newRefreshToken();
  await db.insert(sessions).values({
    familyId,
    staffId: subject.staffId,
    organisationId: subject.organisationId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip,
  });
  const accessToken = await signAccessToken(key, { ...subject, sessionFamilyId: familyId });
  return { accessToken, refreshToken };
}

type RotateOutcome = { kind: 'rotated'; pair: TokenPair } | { kind: 'rejected' };

/**
 * Exchanges a refresh token for a new pair. The row is locked, so two concurrent uses of one
 * token cannot both succeed. Presenting a token that was already rotated means it leaked (or a
 * client replayed it): the whole family is revoked, including the newest token.
 */
export async function rotateSession(db: Db, key: Uint8Array, refreshToken: string, client: ClientInfo): Promise<TokenPair> {
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
    if (session.rotatedAt) {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.familyId, session.familyId), isNull(sessions.revokedAt)));
      return { kind: 'rejected' };
    }
    if (session.expiresAt.getTime() <= Date.now() || !current.active) return { kind: 'rejected' };

    const nextToken = newRefreshToken();
    const [next] = await tx
      .insert(sessions)
      .values({
        familyId: session.familyId,
        staffId: session.staffId,
        organisationId: session.organisationId,
        tokenHash: hashToken(nextToken),
        expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        ip: client.ip,
      })
      .returning({ id: sessions.id });
    await tx.update(sessions).set({ rotatedAt: new Date(), replacedBy: next!.id }).where(eq(sessions.id, session.id));
    const accessToken = await signAccessToken(key, {
      staffId: session.staffId,
      organisationId: session.organisationId,
      role: current.role,
      sessionFamilyId: session.familyId,
    });
    return { kind: 'rotated', pair: { accessToken, refreshToken: nextToken } };
  });
  // Thrown after commit, so a reuse's family revocation is kept.
  if (outcome.kind === 'rejected') throw new UnauthorizedError(REFRESH_FAILED);
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
 * their access tokens are refused by the next request (verifyStaffToken) and their sockets
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
