import type { Config } from '../../config.js';
import { SIGN_IN_FAILED_MESSAGE, type SignInRequest, type SignInResponse } from '@caredesk/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisations, sessions, staff } from '../../db/schema/index.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { RateLimitStore } from '../../lib/rate-limit.js';
import { startSession, type ClientInfo } from './sessions.js';
import { admitSignIn, type SignInLimitConfig } from './sign-in-limits.js';
import { toSessionUser } from './session-user.js';

export interface SignInDeps {
  db: Db;
  jwtKey: Uint8Array;
  rateLimitStore: RateLimitStore;
  config: SignInLimitConfig & Pick<Config, 'ACCESS_TOKEN_TTL_SECONDS'>;
}

/** How long an address the account signed in from stays exempt from its progressive delays. */
const TRUSTED_SOURCE_DAYS = 30;

/** Whether this account had a session from this address lately (sign-ins and refreshes record it). */
async function signedInFromLately(db: Db, email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(staff, eq(staff.id, sessions.staffId))
    .where(and(eq(staff.email, email), eq(sessions.ip, ip), gt(sessions.createdAt, sql`now() - make_interval(days => ${TRUSTED_SOURCE_DAYS})`)))
    .limit(1);
  return row !== undefined;
}

/**
 * E-mail + password sign-in. Every failure (unknown e-mail, wrong password, inactive account,
 * pending invitation) answers the same 401 after the same argon2 work, so replies do not reveal
 * which e-mails exist.
 * Attempts are limited per account and source together, per account (slowed, never locked) and
 * per source (sign-in-limits.ts); a success takes its attempt back, so the limits count failures.
 */
export async function signIn(deps: SignInDeps, input: SignInRequest, client: ClientInfo): Promise<SignInResponse> {
  const { db, config, rateLimitStore } = deps;
  const attempt = await admitSignIn(rateLimitStore, config, input.email, client.ip, () => signedInFromLately(db, input.email, client.ip));

  const [row] = await db
    .select({ member: staff, organisation: organisations })
    .from(staff)
    .innerJoin(organisations, eq(organisations.id, staff.organisationId))
    .where(eq(staff.email, input.email))
    .limit(1);
  const passwordMatches = await verifyPassword(row?.member.passwordHash, input.password);
  // Someone invited and not yet accepted has only an unusable random hash, but is refused by
  // name too: the invitation link is their one way in.
  if (!row || !passwordMatches || !row.member.active || row.member.invitationPending) throw new UnauthorizedError(SIGN_IN_FAILED_MESSAGE);

  await attempt.succeeded();
  const { member, organisation } = row;
  await db.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, member.id));
  const pair = await startSession(db, deps.jwtKey, { staffId: member.id, organisationId: organisation.id, role: member.role }, client, {
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
  });
  return { user: toSessionUser(member, organisation), access_token: pair.accessToken, refresh_token: pair.refreshToken };
}
