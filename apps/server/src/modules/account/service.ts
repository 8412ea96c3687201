import { WRONG_CURRENT_PASSWORD_MESSAGE, type Account, type AccountUpdate, type PasswordChange } from '@caredesk/shared';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { organisations, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { consume, type RateLimitStore } from '../../lib/rate-limit.js';
import { revokeStaffSessions } from '../auth/index.js';

function own(caller: StaffContext) {
  return and(eq(staff.id, caller.id), eq(staff.organisationId, caller.organisationId));
}

export async function getAccount(db: Db, caller: StaffContext): Promise<Account> {
  const [row] = await db
    .select({ member: staff, organisationName: organisations.name, inactivityMinutes: organisations.inactivityMinutes })
    .from(staff)
    .innerJoin(organisations, eq(organisations.id, staff.organisationId))
    .where(own(caller))
    .limit(1);
  if (!row) throw new NotFoundError();
  const { member } = row;
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    phone: member.phone,
    avatarUrl: member.avatarUrl,
    role: member.role,
    organisationName: row.organisationName,
    passwordChangeRequired: member.passwordChangeRequired,
    inactivityMinutes: row.inactivityMinutes,
    language: member.language,
  };
}

/** Name, phone, avatar and language (GET /api/me shows the avatar as logoUrl, and the language). */
export async function updateAccount(db: Db, caller: StaffContext, changes: AccountUpdate): Promise<Account> {
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as AccountUpdate;
  if (Object.keys(values).length > 0) await db.update(staff).set(values).where(own(caller));
  return getAccount(db, caller);
}

export interface PasswordChangeDeps {
  db: Db;
  rateLimitStore: RateLimitStore;
  config: Pick<Config, 'SIGN_IN_RATE_LIMIT' | 'SIGN_IN_RATE_WINDOW_SECONDS'>;
}

/**
 * A wrong current password is a 400 naming currentPassword, and counts like a failed sign-in
 * (a stolen, unlocked console must not become a password oracle); a success takes the count
 * back. Clears passwordChangeRequired; optionally ends every other session of the account.
 */
export async function changePassword(deps: PasswordChangeDeps, caller: StaffContext, input: PasswordChange): Promise<void> {
  const key = `password-change:staff:${caller.id}`;
  await consume(deps.rateLimitStore, [{ key, max: deps.config.SIGN_IN_RATE_LIMIT, windowMs: deps.config.SIGN_IN_RATE_WINDOW_SECONDS * 1000 }]);
  const [row] = await deps.db.select({ passwordHash: staff.passwordHash }).from(staff).where(own(caller));
  if (!row) throw new NotFoundError();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new BadRequestError(`currentPassword: ${WRONG_CURRENT_PASSWORD_MESSAGE}`, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
  }
  await deps.rateLimitStore.reset(key);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash, passwordChangeRequired: false }).where(own(caller));
    if (input.signOutOtherSessions) await revokeStaffSessions(tx, caller.id, caller.sessionFamilyId);
  });
}
