import { SIGN_IN_FAILED_MESSAGE, type SignInRequest, type SignInResponse } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { organisations, staff } from '../../db/schema/index.js';
import { UnauthorizedError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { consume, type RateLimitStore } from '../../lib/rate-limit.js';
import { startSession, type ClientInfo } from './sessions.js';
import { toSessionUser } from './session-user.js';

export interface SignInDeps {
  db: Db;
  jwtKey: Uint8Array;
  rateLimitStore: RateLimitStore;
  config: Pick<Config, 'SIGN_IN_RATE_LIMIT' | 'SIGN_IN_IP_RATE_LIMIT' | 'SIGN_IN_RATE_WINDOW_SECONDS'>;
}

/**
 * E-mail + password sign-in. Every failure (unknown e-mail, wrong password, inactive account,
 * pending invitation) answers the same 401 after the same argon2 work, so replies do not reveal
 * which e-mails exist.
 * Attempts count against the account and the client IP; a success takes its attempt back, so
 * the limits in effect count failures.
 */
export async function signIn(deps: SignInDeps, input: SignInRequest, client: ClientInfo): Promise<SignInResponse> {
  const { db, config, rateLimitStore } = deps;
  const windowMs = config.SIGN_IN_RATE_WINDOW_SECONDS * 1000;
  const accountKey = `sign-in:account:${input.email}`;
  const ipKey = `sign-in:ip:${client.ip}`;
  await consume(rateLimitStore, [
    { key: accountKey, max: config.SIGN_IN_RATE_LIMIT, windowMs },
    { key: ipKey, max: config.SIGN_IN_IP_RATE_LIMIT, windowMs },
  ]);

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

  await Promise.all([rateLimitStore.reset(accountKey), rateLimitStore.release(ipKey)]);
  const { member, organisation } = row;
  await db.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, member.id));
  const pair = await startSession(db, deps.jwtKey, { staffId: member.id, organisationId: organisation.id, role: member.role }, client);
  return { user: toSessionUser(member, organisation), access_token: pair.accessToken, refresh_token: pair.refreshToken };
}
