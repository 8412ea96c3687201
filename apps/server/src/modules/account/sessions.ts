import type { AccountSession } from '@caredesk/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { NotFoundError } from '../../lib/errors.js';

/**
 * One entry per signed-in browser: a session family whose newest row (the refresh token in use)
 * is neither revoked nor expired. Signed in at the family's first row, last active at its newest
 * (each refresh adds one), with the newest row's browser and IP.
 */
export async function listAccountSessions(db: Db, caller: StaffContext): Promise<{ data: AccountSession[] }> {
  const newest = db
    .selectDistinctOn([sessions.familyId], {
      familyId: sessions.familyId,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      lastActiveAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      // Window functions run before DISTINCT ON picks the newest row, so this spans the family.
      signedInAt: sql<Date>`min(${sessions.createdAt}) over (partition by ${sessions.familyId})`.mapWith(sessions.createdAt).as('signed_in_at'),
    })
    .from(sessions)
    .where(eq(sessions.staffId, caller.id))
    .orderBy(sessions.familyId, desc(sessions.createdAt), desc(sessions.id))
    .as('newest');
  const rows = await db
    .select({
      familyId: newest.familyId,
      userAgent: newest.userAgent,
      ip: newest.ip,
      lastActiveAt: newest.lastActiveAt,
      expiresAt: newest.expiresAt,
      signedInAt: newest.signedInAt,
    })
    .from(newest)
    .where(and(isNull(newest.revokedAt), gt(newest.expiresAt, new Date())))
    .orderBy(desc(newest.lastActiveAt));
  return {
    data: rows.map((row) => ({
      id: row.familyId,
      userAgent: row.userAgent,
      ip: row.ip,
      signedInAt: row.signedInAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.familyId === caller.sessionFamilyId,
    })),
  };
}

/** Ends one of the caller's own live sessions (the current one too: that signs this browser out). */
export async function endAccountSession(db: Db, caller: StaffContext, familyId: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    // Every row of the family: access tokens are checked against any unrevoked row of it.
    .where(and(eq(sessions.familyId, familyId), eq(sessions.staffId, caller.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new NotFoundError('Session not found');
}
