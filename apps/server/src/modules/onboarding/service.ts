import { EMAIL_TAKEN_MESSAGE, type OnboardingComplete, type SignInResponse } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { facilities, onboardingOtps, type organisations, staff, wallets } from '../../db/schema/index.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, UnauthorizedError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { verifyOnboardingToken } from '../../lib/tokens.js';
import { startSession, toSessionUser, type ClientInfo } from '../auth/index.js';
import { insertOrganisationWithSlug } from '../settings/index.js';

export const ONBOARDING_TOKEN_REFUSED = 'Your phone verification has expired. Verify your phone again.';
export const ONBOARDING_TOKEN_USED = 'This verification was already used to create an organisation. Sign in instead.';

export interface OnboardingDeps {
  db: Db;
  jwtKey: Uint8Array;
  /** ACCESS_TOKEN_TTL_SECONDS: the first token lasts as long as any other. */
  accessTokenTtlSeconds?: number;
  now?: () => Date;
}

type Created = { kind: 'used' } | { kind: 'created'; organisation: typeof organisations.$inferSelect; admin: typeof staff.$inferSelect };

/**
 * POST /api/onboarding: the organisation, what every organisation needs to work (its facility,
 * an empty wallet; no plan, so the console shows 'Plan not Active.' until one is bought) and its
 * first admin, in one transaction; then a normal session, answered as POST /api/admin/auth does.
 * The code row named by the token is locked and stamped, so a token creates one organisation
 * even when sent twice at once. A taken e-mail is decided by the unique index, not a check
 * before the insert, and rolls everything back.
 */
export async function completeOnboarding(deps: OnboardingDeps, token: string | undefined, input: OnboardingComplete, client: ClientInfo): Promise<SignInResponse> {
  const now = deps.now?.() ?? new Date();
  const claims = token ? await verifyOnboardingToken(deps.jwtKey, token, now) : undefined;
  if (!claims) throw new UnauthorizedError(ONBOARDING_TOKEN_REFUSED);
  // Hashed before the transaction, so the row lock is not held through argon2's work.
  const passwordHash = await hashPassword(input.admin.password);
  let created: Created;
  try {
    created = await deps.db.transaction(async (tx): Promise<Created> => {
      const [otp] = await tx
        .select({ consumedAt: onboardingOtps.consumedAt, organisationId: onboardingOtps.organisationId })
        .from(onboardingOtps)
        .where(and(eq(onboardingOtps.id, claims.otpId), eq(onboardingOtps.phone, claims.phone)))
        .for('update');
      if (!otp?.consumedAt || otp.organisationId) return { kind: 'used' };
      const details = input.organisation;
      const phone = details.phone ?? claims.phone;
      // Its public page's address comes from the name; the admin can change it in Settings.
      const organisation = await insertOrganisationWithSlug(tx, {
        name: details.name,
        type: details.type,
        email: details.email,
        phone,
        address: details.address || null,
        city: details.city || null,
      });
      const organisationId = organisation.id;
      await tx.insert(facilities).values({ organisationId, name: details.name, address: details.address || null, phone });
      await tx.insert(wallets).values({ organisationId, balancePaise: 0 });
      const [admin] = await tx
        .insert(staff)
        .values({ organisationId, name: input.admin.name, email: input.admin.email, passwordHash, role: 'ADMIN', lastLoginAt: now })
        .returning();
      await tx.update(onboardingOtps).set({ organisationId }).where(eq(onboardingOtps.id, claims.otpId));
      return { kind: 'created', organisation, admin: admin! };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'staff_email_unique') {
      throw new ConflictError(EMAIL_TAKEN_MESSAGE, [{ path: 'admin.email', message: EMAIL_TAKEN_MESSAGE }]);
    }
    throw error;
  }
  if (created.kind === 'used') throw new UnauthorizedError(ONBOARDING_TOKEN_USED);
  const { organisation, admin } = created;
  const pair = await startSession(deps.db, deps.jwtKey, { staffId: admin.id, organisationId: organisation.id, role: admin.role }, client, {
    accessTokenTtlSeconds: deps.accessTokenTtlSeconds,
  });
  return { user: toSessionUser(admin, organisation), access_token: pair.accessToken, refresh_token: pair.refreshToken };
}
