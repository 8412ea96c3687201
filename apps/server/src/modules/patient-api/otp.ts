import {
  PATIENT_OTP_DIGITS,
  PATIENT_OTP_MAX_ATTEMPTS,
  PATIENT_OTP_TTL_SECONDS,
  PATIENT_SESSION_TTL_DAYS,
  type Language,
  type PatientAccount,
  type PatientSession,
} from '@caredesk/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patientAccounts, patientOtps, patientSessions } from '../../db/schema/index.js';
import { checkOtp, limitOtpChecks, refuseOtp, sendOtp as sendCode, type OtpCheck, type OtpClient, type OtpDeps, type OtpKind } from '../../lib/otp.js';
import { signPatientToken } from '../../lib/tokens.js';
import type { PatientCaller } from '../../lib/patient-auth.js';

export type { OtpDeps } from '../../lib/otp.js';
export type PatientClient = OtpClient;

const SESSION_TTL_MS = PATIENT_SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The patient app's sign-in code (lib/otp.ts); a refusal names the request's 'code'. */
export const patientOtpKind: OtpKind = {
  table: patientOtps,
  scope: 'patient-otp',
  digits: PATIENT_OTP_DIGITS,
  ttlSeconds: PATIENT_OTP_TTL_SECONDS,
  maxAttempts: PATIENT_OTP_MAX_ATTEMPTS,
  field: 'code',
  message: 'otp.patientSignIn',
};

/** POST /api/patient/auth/otp: texts a new code to the phone (limited per phone and IP). */
export function sendOtp(deps: OtpDeps, phone: string, client: PatientClient, language?: Language): Promise<{ expiresInSeconds: number }> {
  return sendCode(deps, patientOtpKind, phone, client, language);
}

type VerifyOutcome = Extract<OtpCheck, { kind: 'refused' }> | { kind: 'signed-in'; account: PatientAccount; sessionId: string; expiresAt: Date };

/**
 * POST /api/patient/auth/verify. A wrong guess is saved before the 401 (the transaction
 * commits, then we throw). A success creates the account on first sign-in and starts a session.
 */
export async function verifyOtp(deps: OtpDeps, input: { phone: string; code: string }, client: PatientClient): Promise<PatientSession> {
  const { db } = deps;
  const releaseCheck = await limitOtpChecks(deps, patientOtpKind, client.ip);
  const now = deps.now?.() ?? new Date();
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const check = await checkOtp(tx, deps.jwtKey, patientOtpKind, input, now);
    if (check.kind === 'refused') return check;
    const [account] = await tx
      .insert(patientAccounts)
      .values({ phone: input.phone, lastLoginAt: now })
      .onConflictDoUpdate({ target: patientAccounts.phone, set: { lastLoginAt: now } })
      .returning({ id: patientAccounts.id, phone: patientAccounts.phone, language: patientAccounts.language });
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const [session] = await tx
      .insert(patientSessions)
      .values({ accountId: account!.id, expiresAt, userAgent: client.userAgent?.slice(0, 500) ?? null })
      .returning({ id: patientSessions.id });
    return { kind: 'signed-in', account: account!, sessionId: session!.id, expiresAt };
  });
  if (outcome.kind === 'refused') throw refuseOtp(patientOtpKind, outcome.message);
  // Only failures count against the IP.
  await releaseCheck();
  const accessToken = await signPatientToken(deps.jwtKey, { accountId: outcome.account.id, sessionId: outcome.sessionId }, outcome.expiresAt, now);
  return { accessToken, expiresAt: outcome.expiresAt.toISOString(), account: outcome.account };
}

/** POST /api/patient/auth/logout: the session ends at once (every request checks it). */
export async function endPatientSession(db: Db, caller: PatientCaller): Promise<void> {
  await db
    .update(patientSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(patientSessions.id, caller.sessionId), eq(patientSessions.accountId, caller.accountId), isNull(patientSessions.revokedAt)));
}
