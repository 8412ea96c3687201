import { randomBytes } from 'node:crypto';
import { STAFF_INVITATION_TTL_HOURS, type Credential } from '@caredesk/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { staffInvitations } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';

/** What a credential sets on the staff row. */
export interface CredentialFields {
  passwordHash: string;
  passwordChangeRequired: boolean;
  invitationPending: boolean;
}

/**
 * A temporary password must be changed at first sign-in. An invitation leaves a random hash
 * nobody knows (the column is required, and sign-in refuses pending people anyway) until the
 * person chooses their own password through the link.
 */
export async function credentialFields(credential: Credential): Promise<CredentialFields> {
  if (credential.method === 'password') {
    return { passwordHash: await hashPassword(credential.password), passwordChangeRequired: true, invitationPending: false };
  }
  return { passwordHash: await hashPassword(randomBytes(32).toString('base64url')), passwordChangeRequired: false, invitationPending: true };
}

export interface IssuedInvitation {
  token: string;
  expiresAt: Date;
}

/**
 * Drops the person's earlier unused links (a newer invitation or reset replaces them) and, for
 * an invitation, stores a new one. Only the token's SHA-256 is kept: the link is shown once.
 */
export async function replaceInvitation(tx: Tx, target: { organisationId: string; staffId: string }, credential: Credential, createdBy: string): Promise<IssuedInvitation | null> {
  await tx.delete(staffInvitations).where(and(eq(staffInvitations.staffId, target.staffId), isNull(staffInvitations.acceptedAt)));
  if (credential.method !== 'invitation') return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STAFF_INVITATION_TTL_HOURS * 60 * 60 * 1000);
  await tx.insert(staffInvitations).values({ ...target, tokenHash: hashToken(token), expiresAt, createdBy });
  return { token, expiresAt };
}
