import {
  DOCTOR_ACCOUNT_DOCTOR_MESSAGE,
  DOCTOR_ALREADY_LINKED_MESSAGE,
  DOCTOR_ONLY_FOR_DOCTORS_MESSAGE,
  DUPLICATE_STAFF_EMAIL_MESSAGE,
  LAST_ADMIN_MESSAGE,
  SELF_DEACTIVATE_MESSAGE,
  SELF_RESET_MESSAGE,
  type Credential,
  type StaffCreate,
  type StaffCredentialResult,
  type StaffList,
  type StaffListQuery,
  type StaffMember,
  type StaffUpdate,
} from '@caredesk/shared';
import { and, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { doctors, organisations, staff } from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/auth.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { escapeLike, offsetOf, orderByWithTiebreak } from '../../lib/list-query.js';
import { revokeStaffSessions } from '../auth/index.js';
import { loadMessageSettings } from '../messages/index.js';
import { credentialFields, replaceInvitation, type IssuedInvitation } from './credentials.js';
import { memberColumns, toStaffMember, type MemberRow } from './members.js';

const NOT_FOUND = 'Staff member not found';
const sortColumns = { name: staff.name, email: staff.email, createdAt: staff.createdAt, lastLoginAt: staff.lastLoginAt } as const;

function ofCaller(caller: StaffContext, id: string): SQL | undefined {
  return and(eq(staff.id, id), eq(staff.organisationId, caller.organisationId));
}

/** An admin who can actually administer: active, and not waiting to accept an invitation. */
const workingAdmin = and(eq(staff.role, 'ADMIN'), eq(staff.active, true), eq(staff.invitationPending, false));

export async function listStaff(db: Db, caller: StaffContext, query: StaffListQuery): Promise<StaffList> {
  const conditions: (SQL | undefined)[] = [eq(staff.organisationId, caller.organisationId)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(staff.name, pattern), ilike(staff.email, pattern)));
  }
  if (query.role) conditions.push(eq(staff.role, query.role));
  if (query.active !== undefined) conditions.push(eq(staff.active, query.active));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(memberColumns)
      .from(staff)
      .where(where)
      .orderBy(...orderByWithTiebreak(sortColumns[query.sort], query.order, staff.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  return { data: rows.map(toStaffMember), total: totals[0]?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

async function findMember(db: Db, caller: StaffContext, id: string): Promise<MemberRow> {
  const [row] = await db.select(memberColumns).from(staff).where(ofCaller(caller, id));
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

export async function getStaffMember(db: Db, caller: StaffContext, id: string): Promise<StaffMember> {
  return toStaffMember(await findMember(db, caller, id));
}

function credentialResult(member: MemberRow, invitation: IssuedInvitation | null, origin: string): StaffCredentialResult {
  return {
    member: toStaffMember(member),
    invitationUrl: invitation ? `${origin}/invite/${invitation.token}` : null,
    invitationExpiresAt: invitation?.expiresAt.toISOString() ?? null,
  };
}

/** The doctor a USER account is to be: one of the caller's organisation's doctors (else 404, as any record of another). */
async function assertOwnDoctor(tx: Tx, caller: StaffContext, doctorId: string): Promise<void> {
  const [doctor] = await tx
    .select({ id: doctors.id })
    .from(doctors)
    .where(and(eq(doctors.id, doctorId), eq(doctors.organisationId, caller.organisationId)));
  if (!doctor) throw new NotFoundError('Doctor not found');
}

/** staff_doctor_unique and staff_email_unique as the 409s they are. */
function conflictOf(error: unknown): ConflictError | undefined {
  const constraint = uniqueViolation(error);
  // E-mail is the sign-in name across every organisation (staff_email_unique).
  if (constraint === 'staff_email_unique') return new ConflictError(DUPLICATE_STAFF_EMAIL_MESSAGE, [{ path: 'email', message: DUPLICATE_STAFF_EMAIL_MESSAGE }]);
  if (constraint === 'staff_doctor_unique') return new ConflictError(DOCTOR_ALREADY_LINKED_MESSAGE, [{ path: 'doctorId', message: DOCTOR_ALREADY_LINKED_MESSAGE }]);
  return undefined;
}

/** `origin` is the console's (console-origin.ts), for the invitation link. */
export async function createStaffMember(db: Db, caller: StaffContext, input: StaffCreate, origin: string): Promise<StaffCredentialResult> {
  const fields = await credentialFields(input.credential);
  try {
    return await db.transaction(async (tx) => {
      // A new member's console opens in the organisation's language (its default for patients too).
      const { defaultLanguage: language } = await loadMessageSettings(tx, caller.organisationId);
      const doctorId = input.role === 'USER' ? input.doctorId! : null;
      if (doctorId) await assertOwnDoctor(tx, caller, doctorId);
      const [member] = await tx
        .insert(staff)
        .values({ organisationId: caller.organisationId, name: input.name, email: input.email, phone: input.phone ?? null, role: input.role, doctorId, language, ...fields })
        .returning(memberColumns);
      const invitation = await replaceInvitation(tx, { organisationId: caller.organisationId, staffId: member!.id }, input.credential, caller.id);
      return credentialResult(member!, invitation, origin);
    });
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

/**
 * Every change to who administers an organisation (role, active, credentials) first locks the
 * organisation row, so such changes run one at a time: two admins demoting each other at once
 * cannot both see the other one still there.
 */
async function lockOrganisation(tx: Tx, organisationId: string): Promise<void> {
  await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
}

/** Under the lock the caller must still be a working admin: the change that ran first may have demoted them. */
async function assertStillAdmin(tx: Tx, caller: StaffContext): Promise<void> {
  const [self] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(ofCaller(caller, caller.id), workingAdmin));
  if (!self) throw new ForbiddenError('Only an administrator can do this');
}

async function otherWorkingAdmins(tx: Tx, organisationId: string, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.organisationId, organisationId), ne(staff.id, exceptId), workingAdmin));
  return row?.n ?? 0;
}

/**
 * The doctor link a change leaves: a USER account keeps (or gets) one, any other role has none.
 * Undefined: the link does not change.
 */
function doctorLinkAfter(target: MemberRow, changes: StaffUpdate): string | null | undefined {
  const role = changes.role ?? target.role;
  if (role !== 'USER') {
    if (changes.doctorId) throw new BadRequestError(DOCTOR_ONLY_FOR_DOCTORS_MESSAGE, [{ path: 'doctorId', message: DOCTOR_ONLY_FOR_DOCTORS_MESSAGE }]);
    return target.doctorId === null ? undefined : null;
  }
  const doctorId = changes.doctorId === undefined ? target.doctorId : changes.doctorId;
  if (!doctorId) throw new BadRequestError(DOCTOR_ACCOUNT_DOCTOR_MESSAGE, [{ path: 'doctorId', message: DOCTOR_ACCOUNT_DOCTOR_MESSAGE }]);
  return doctorId === target.doctorId ? undefined : doctorId;
}

/**
 * Name, phone, role, doctor and active. The last working admin can be neither demoted nor
 * deactivated, nobody deactivates themselves, and deactivation ends every session of the person
 * at once (reactivating does not bring those sessions back).
 */
export async function updateStaffMember(db: Db, caller: StaffContext, id: string, changes: StaffUpdate): Promise<StaffMember> {
  try {
    return await db.transaction((tx) => updateMemberIn(tx, caller, id, changes));
  } catch (error) {
    throw conflictOf(error) ?? error;
  }
}

async function updateMemberIn(tx: Tx, caller: StaffContext, id: string, changes: StaffUpdate): Promise<StaffMember> {
  await lockOrganisation(tx, caller.organisationId);
  const target = await findMember(tx, caller, id);
  if (changes.active === false && id === caller.id) {
    throw new ConflictError(SELF_DEACTIVATE_MESSAGE, [{ path: 'active', message: SELF_DEACTIVATE_MESSAGE }]);
  }
  const demoted = changes.role !== undefined && changes.role !== 'ADMIN';
  const deactivated = changes.active === false;
  const countsAsAdmin = target.role === 'ADMIN' && target.active && !target.invitationPending;
  if (countsAsAdmin && (demoted || deactivated) && (await otherWorkingAdmins(tx, caller.organisationId, id)) === 0) {
    throw new ConflictError(LAST_ADMIN_MESSAGE, [{ path: demoted ? 'role' : 'active', message: LAST_ADMIN_MESSAGE }]);
  }
  await assertStillAdmin(tx, caller);

  const doctorId = doctorLinkAfter(target, changes);
  if (doctorId) await assertOwnDoctor(tx, caller, doctorId);
  const values = Object.fromEntries(Object.entries({ ...changes, doctorId }).filter(([, value]) => value !== undefined)) as StaffUpdate;
  if (Object.keys(values).length === 0) return toStaffMember(target);
  const [updated] = await tx.update(staff).set(values).where(ofCaller(caller, id)).returning(memberColumns);
  if (deactivated && target.active) await revokeStaffSessions(tx, id);
  return toStaffMember(updated!);
}

/**
 * A new temporary password or invitation link for someone else (their own password is changed
 * under My account). Older links stop working and every session of the person ends.
 */
export async function resetStaffCredential(db: Db, caller: StaffContext, id: string, credential: Credential, origin: string): Promise<StaffCredentialResult> {
  if (id === caller.id) throw new ConflictError(SELF_RESET_MESSAGE);
  const fields = await credentialFields(credential);
  return db.transaction(async (tx) => {
    // An invitation makes an admin pending: two admins resetting each other at once must not
    // leave no working admin, so this runs under the same lock as role changes.
    await lockOrganisation(tx, caller.organisationId);
    await assertStillAdmin(tx, caller);
    await findMember(tx, caller, id);
    const [member] = await tx.update(staff).set(fields).where(ofCaller(caller, id)).returning(memberColumns);
    const invitation = await replaceInvitation(tx, { organisationId: caller.organisationId, staffId: id }, credential, caller.id);
    await revokeStaffSessions(tx, id);
    return credentialResult(member!, invitation, origin);
  });
}
