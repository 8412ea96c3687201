import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PATIENT_OTP_DIGITS,
  PATIENT_OTP_MAX_ATTEMPTS,
  PATIENT_OTP_TTL_SECONDS,
  PATIENT_SESSION_TTL_DAYS,
  PRODUCT_NAME,
  type PatientSession,
} from '@caredesk/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { patientAccounts, patientOtps, patientSessions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { consume, type RateLimitStore } from '../../lib/rate-limit.js';
import type { SmsSender } from '../../lib/sms/index.js';
import { signPatientToken } from '../../lib/tokens.js';
import type { PatientCaller } from './auth.js';

export interface OtpDeps {
  db: Db;
  jwtKey: Uint8Array;
  sms: SmsSender;
  rateLimitStore: RateLimitStore;
  config: Pick<Config, 'OTP_RATE_LIMIT' | 'OTP_IP_RATE_LIMIT' | 'OTP_RATE_WINDOW_SECONDS'>;
  /** The clock, so tests can move past a code's expiry. */
  now?: () => Date;
}

export interface PatientClient {
  ip: string;
  userAgent: string | undefined;
}

const SESSION_TTL_MS = PATIENT_SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * A code has a million values, so a plain hash of a leaked table is reversed in a moment: the
 * hash is keyed with the server's secret, and bound to the phone it was sent to.
 */
export function hashOtp(key: Uint8Array, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
}

/** A refused code: 401, naming the field so the app can show the message under it. */
function codeRefused(message: string): AppError {
  return new AppError(401, message, [{ path: 'code', message }]);
}

/**
 * POST /api/patient/auth/otp: sends a new code to the phone. Limited per phone (a stranger cannot
 * flood someone's phone) and per client IP (nor try many phones). The new code replaces every
 * earlier one of the phone, so only the latest text message works.
 */
export async function sendOtp(deps: OtpDeps, phone: string, client: PatientClient): Promise<{ expiresInSeconds: number }> {
  const { db, config } = deps;
  const windowMs = config.OTP_RATE_WINDOW_SECONDS * 1000;
  await consume(deps.rateLimitStore, [
    { key: `patient-otp:phone:${phone}`, max: config.OTP_RATE_LIMIT, windowMs },
    { key: `patient-otp:ip:${client.ip}`, max: config.OTP_IP_RATE_LIMIT, windowMs },
  ]);
  const now = deps.now?.() ?? new Date();
  const code = String(randomInt(0, 10 ** PATIENT_OTP_DIGITS)).padStart(PATIENT_OTP_DIGITS, '0');
  await db.transaction(async (tx) => {
    await tx.delete(patientOtps).where(eq(patientOtps.phone, phone));
    await tx.insert(patientOtps).values({
      phone,
      codeHash: hashOtp(deps.jwtKey, phone, code),
      expiresAt: new Date(now.getTime() + PATIENT_OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  const minutes = Math.round(PATIENT_OTP_TTL_SECONDS / 60);
  await deps.sms.send(phone, `${code} is your ${PRODUCT_NAME} sign-in code. It expires in ${minutes} minutes. Do not share it with anyone.`);
  return { expiresInSeconds: PATIENT_OTP_TTL_SECONDS };
}

type VerifyOutcome = { kind: 'refused'; message: string } | { kind: 'signed-in'; account: { id: string; phone: string }; sessionId: string; expiresAt: Date };

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * POST /api/patient/auth/verify. The phone's latest code is locked, so concurrent guesses are
 * counted one by one; a wrong guess is saved before the 401 (the transaction commits, then we
 * throw). After PATIENT_OTP_MAX_ATTEMPTS wrong guesses the code is dead, even for the right
 * digits. A success creates the account on first sign-in and starts a session.
 */
export async function verifyOtp(deps: OtpDeps, input: { phone: string; code: string }, client: PatientClient): Promise<PatientSession> {
  const { db, config } = deps;
  const ipKey = `patient-otp-verify:ip:${client.ip}`;
  await consume(deps.rateLimitStore, [{ key: ipKey, max: config.OTP_IP_RATE_LIMIT, windowMs: config.OTP_RATE_WINDOW_SECONDS * 1000 }]);
  const now = deps.now?.() ?? new Date();
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const [otp] = await tx
      .select()
      .from(patientOtps)
      .where(eq(patientOtps.phone, input.phone))
      .orderBy(desc(patientOtps.createdAt), desc(patientOtps.id))
      .limit(1)
      .for('update');
    if (!otp) return { kind: 'refused', message: 'No code was sent to this phone. Request a code first.' };
    if (otp.consumedAt) return { kind: 'refused', message: 'This code has already been used. Request a new one.' };
    if (otp.attempts >= PATIENT_OTP_MAX_ATTEMPTS) return { kind: 'refused', message: 'Too many wrong attempts. Request a new code.' };
    if (otp.expiresAt.getTime() <= now.getTime()) return { kind: 'refused', message: 'This code has expired. Request a new one.' };
    if (!sameHash(hashOtp(deps.jwtKey, input.phone, input.code), otp.codeHash)) {
      const attempts = otp.attempts + 1;
      await tx.update(patientOtps).set({ attempts }).where(eq(patientOtps.id, otp.id));
      const left = PATIENT_OTP_MAX_ATTEMPTS - attempts;
      return { kind: 'refused', message: left > 0 ? `Incorrect code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.` : 'Incorrect code. Too many wrong attempts: request a new code.' };
    }
    await tx.update(patientOtps).set({ consumedAt: now }).where(eq(patientOtps.id, otp.id));
    const [account] = await tx
      .insert(patientAccounts)
      .values({ phone: input.phone, lastLoginAt: now })
      .onConflictDoUpdate({ target: patientAccounts.phone, set: { lastLoginAt: now } })
      .returning({ id: patientAccounts.id, phone: patientAccounts.phone });
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const [session] = await tx
      .insert(patientSessions)
      .values({ accountId: account!.id, expiresAt, userAgent: client.userAgent?.slice(0, 500) ?? null })
      .returning({ id: patientSessions.id });
    return { kind: 'signed-in', account: account!, sessionId: session!.id, expiresAt };
  });
  if (outcome.kind === 'refused') throw codeRefused(outcome.message);
  // Only failures count against the IP.
  await deps.rateLimitStore.release(ipKey);
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
