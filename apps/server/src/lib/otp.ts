import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import type { onboardingOtps, patientOtps } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { PRODUCT_NAME, type Language } from '@caredesk/shared';
import { text, translate, type MessageId, type Text } from './i18n/index.js';
import { consume, type RateLimitStore } from './rate-limit.js';
import type { SmsSender } from './sms/index.js';

/**
 * One-time codes texted to a phone: the patient app's sign-in and onboarding's phone check share
 * this engine, each with its own table (so one never kills the other's code) and its own limits.
 */
export interface OtpKind {
  table: typeof patientOtps | typeof onboardingOtps;
  /** Rate-limit keys start with it, so each kind counts apart. */
  scope: string;
  digits: number;
  ttlSeconds: number;
  maxAttempts: number;
  /** The request field a refused code names, so a form can show the message under it. */
  field: string;
  /** The text message (values code, product, minutes); it must name the product and what the code is for. */
  message: MessageId;
}

export interface OtpDeps {
  db: Db;
  jwtKey: Uint8Array;
  sms: SmsSender;
  rateLimitStore: RateLimitStore;
  config: Pick<Config, 'OTP_RATE_LIMIT' | 'OTP_IP_RATE_LIMIT' | 'OTP_RATE_WINDOW_SECONDS'>;
  /** The clock, so tests can move past a code's expiry. */
  now?: () => Date;
}

export interface OtpClient {
  ip: string;
  userAgent: string | undefined;
}

/**
 * A code has a million values, so a plain hash of a leaked table is reversed in a moment: the
 * hash is keyed with the server's secret, and bound to the phone it was sent to.
 */
export function hashOtp(key: Uint8Array, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Texts a new code to the phone. Limited per phone (a stranger cannot flood someone's phone) and
 * per client IP (nor try many phones). The new code replaces every earlier one of the phone, so
 * only the latest text message works.
 */
export async function sendOtp(deps: OtpDeps, kind: OtpKind, phone: string, client: OtpClient, language: Language = 'en'): Promise<{ expiresInSeconds: number }> {
  const { db, config } = deps;
  const windowMs = config.OTP_RATE_WINDOW_SECONDS * 1000;
  await consume(deps.rateLimitStore, [
    { key: `${kind.scope}:phone:${phone}`, max: config.OTP_RATE_LIMIT, windowMs },
    { key: `${kind.scope}:ip:${client.ip}`, max: config.OTP_IP_RATE_LIMIT, windowMs },
  ]);
  const now = deps.now?.() ?? new Date();
  const code = String(randomInt(0, 10 ** kind.digits)).padStart(kind.digits, '0');
  const { table } = kind;
  await db.transaction(async (tx) => {
    await tx.delete(table).where(eq(table.phone, phone));
    await tx.insert(table).values({
      phone,
      codeHash: hashOtp(deps.jwtKey, phone, code),
      expiresAt: new Date(now.getTime() + kind.ttlSeconds * 1000),
      createdAt: now,
    });
  });
  // In the language the request asked for when the gateway can text it (a DLT gateway only sends
  // the texts registered for it), else in English, so the code always arrives.
  const worded = deps.sms.languages === undefined || deps.sms.languages.includes(language) ? language : 'en';
  const message = translate(worded, kind.message, { code, product: PRODUCT_NAME, minutes: Math.round(kind.ttlSeconds / 60) });
  await deps.sms.send(phone, message, [code], worded);
  return { expiresInSeconds: kind.ttlSeconds };
}

export type OtpCheck = { kind: 'refused'; message: string | Text } | { kind: 'accepted'; otpId: string };

/**
 * Checks a code against the phone's latest one, in the caller's transaction (which goes on to
 * sign the person in). The row is locked, so concurrent guesses are counted one by one. A wrong
 * guess is written here; the caller must commit before refusing (see refuseOtp). After
 * maxAttempts wrong guesses the code is dead, even for the right digits. An accepted code is
 * marked used.
 */
export async function checkOtp(tx: Tx, key: Uint8Array, kind: OtpKind, input: { phone: string; code: string }, now: Date): Promise<OtpCheck> {
  const { table } = kind;
  const [otp] = await tx
    .select({ id: table.id, codeHash: table.codeHash, attempts: table.attempts, expiresAt: table.expiresAt, consumedAt: table.consumedAt })
    .from(table)
    .where(eq(table.phone, input.phone))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(1)
    .for('update');
  if (!otp) return { kind: 'refused', message: 'No code was sent to this phone. Request a code first.' };
  if (otp.consumedAt) return { kind: 'refused', message: 'This code has already been used. Request a new one.' };
  if (otp.attempts >= kind.maxAttempts) return { kind: 'refused', message: 'Too many wrong attempts. Request a new code.' };
  if (otp.expiresAt.getTime() <= now.getTime()) return { kind: 'refused', message: 'This code has expired. Request a new one.' };
  if (!sameHash(hashOtp(key, input.phone, input.code), otp.codeHash)) {
    const attempts = otp.attempts + 1;
    await tx.update(table).set({ attempts }).where(eq(table.id, otp.id));
    const left = kind.maxAttempts - attempts;
    return {
      kind: 'refused',
      message: left > 0 ? text('otp.incorrect', { left }) : 'Incorrect code. Too many wrong attempts: request a new code.',
    };
  }
  await tx.update(table).set({ consumedAt: now }).where(eq(table.id, otp.id));
  return { kind: 'accepted', otpId: otp.id };
}

/** A refused code: 401, naming the field so the form can show the message under it. */
export function refuseOtp(kind: OtpKind, message: string | Text): AppError {
  return new AppError(401, message, [{ path: kind.field, message }]);
}

/**
 * Counts a code check against the client IP (across phones) before it runs; the returned
 * function takes a success back, so the limit in effect counts failures.
 */
export async function limitOtpChecks(deps: Pick<OtpDeps, 'rateLimitStore' | 'config'>, kind: OtpKind, ip: string): Promise<() => Promise<void>> {
  const key = `${kind.scope}-verify:ip:${ip}`;
  await consume(deps.rateLimitStore, [{ key, max: deps.config.OTP_IP_RATE_LIMIT, windowMs: deps.config.OTP_RATE_WINDOW_SECONDS * 1000 }]);
  return () => deps.rateLimitStore.release(key);
}
