import { INVITATION_INVALID_MESSAGE, type Invitation, type SignInResponse } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations, staff, staffInvitations } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { consume, type RateLimitStore } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';
import { startSession, toSessionUser, type ClientInfo } from '../auth/index.js';

export interface InvitationDeps {
  db: Db;
  jwtKey: Uint8Array;
  /** ACCESS_TOKEN_TTL_SECONDS: the first token lasts as long as any other. */
  accessTokenTtlSeconds?: number;
  rateLimitStore: RateLimitStore;
  /** Guesses of a link count against the client IP like sign-in attempts do. */
  limit: { max: number; windowMs: number };
}

type InvitationRow = {
  invitation: typeof staffInvitations.$inferSelect;
  member: typeof staff.$inferSelect;
  organisation: typeof organisations.$inferSelect;
};

function usable(row: InvitationRow | undefined, now = Date.now()): row is InvitationRow {
  return !!row && !row.invitation.acceptedAt && row.invitation.expiresAt.getTime() > now && row.member.active && row.member.invitationPending;
}

function selectByToken(db: Db, token: string) {
  return db
    .select({ invitation: staffInvitations, member: staff, organisation: organisations })
    .from(staffInvitations)
    .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
    .innerJoin(organisations, eq(organisations.id, staffInvitations.organisationId))
    .where(eq(staffInvitations.tokenHash, hashToken(token)))
    .limit(1);
}

/**
 * Counts the attempt against the IP, runs it, and takes the attempt back when it succeeded, so
 * only failed guesses add up (a real link is opened, then accepted).
 */
async function limited<T>(deps: InvitationDeps, client: ClientInfo, run: () => Promise<T>): Promise<T> {
  const key = `invitation:ip:${client.ip}`;
  await consume(deps.rateLimitStore, [{ key, ...deps.limit }]);
  const result = await run();
  await deps.rateLimitStore.release(key);
  return result;
}

/** Whom a link is for. Unknown, used, replaced or expired links and deactivated people: 404. */
export function getInvitation(deps: InvitationDeps, token: string, client: ClientInfo): Promise<Invitation> {
  return limited(deps, client, async () => {
    const [row] = await selectByToken(deps.db, token);
    if (!usable(row)) throw new NotFoundError(INVITATION_INVALID_MESSAGE);
    return { name: row.member.name, email: row.member.email, organisationName: row.organisation.name, expiresAt: row.invitation.expiresAt.toISOString() };
  });
}

/**
 * Sets the person's own password, uses the link up and signs them in, in one transaction. The
 * invitation row is locked, so a link clicked twice at once signs in only once.
 */
export function acceptInvitation(deps: InvitationDeps, token: string, password: string, client: ClientInfo): Promise<SignInResponse> {
  return limited(deps, client, async () => {
    const passwordHash = await hashPassword(password);
    return deps.db.transaction(async (tx) => {
      const [row] = await selectByToken(tx, token).for('update', { of: staffInvitations });
      if (!usable(row)) throw new NotFoundError(INVITATION_INVALID_MESSAGE);
      const now = new Date();
      const [member] = await tx
        .update(staff)
        .set({ passwordHash, invitationPending: false, passwordChangeRequired: false, lastLoginAt: now })
        .where(eq(staff.id, row.member.id))
        .returning();
      await tx.update(staffInvitations).set({ acceptedAt: now }).where(eq(staffInvitations.id, row.invitation.id));
      const pair = await startSession(tx, deps.jwtKey, { staffId: member!.id, organisationId: row.organisation.id, role: member!.role }, client, {
        accessTokenTtlSeconds: deps.accessTokenTtlSeconds,
      });
      return { user: toSessionUser(member!, row.organisation), access_token: pair.accessToken, refresh_token: pair.refreshToken };
    });
  });
}
