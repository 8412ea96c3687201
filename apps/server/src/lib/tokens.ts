import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, ONBOARDING_TOKEN_TTL_SECONDS, staffRoleSchema, type StaffRole } from '@caredesk/shared';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

export const TOKEN_ISSUER = 'caredesk';
export const CONSOLE_AUDIENCE = 'caredesk-console';
/** Patient app tokens carry this audience and must never open the console API. */
export const PATIENT_AUDIENCE = 'caredesk-patient';
/** The temporary token of someone creating an organisation: it opens POST /api/onboarding only. */
export const ONBOARDING_AUDIENCE = 'caredesk-onboarding';

export interface AccessClaims {
  staffId: string;
  organisationId: string;
  role: StaffRole;
  /** The session family, so logout can end access tokens before they expire. */
  sessionFamilyId: string;
}

const payloadSchema = z.object({
  sub: z.uuid(),
  org: z.uuid(),
  role: staffRoleSchema,
  sid: z.uuid(),
  typ: z.literal('access'),
});

/** `ttlSeconds` is the server's ACCESS_TOKEN_TTL_SECONDS (config.ts); the shared default otherwise. */
export async function signAccessToken(key: Uint8Array, claims: AccessClaims, now = new Date(), ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ org: claims.organisationId, role: claims.role, sid: claims.sessionFamilyId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.staffId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(CONSOLE_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key);
}

/** A verified access token's claims and when it expires (ms since the epoch). */
export interface VerifiedAccessClaims extends AccessClaims {
  expiresAt: number;
}

/**
 * Verifies a console access token: HS256 only (so "alg: none" and key-confusion tricks fail),
 * our issuer and audience, not expired, and typed 'access'. Returns undefined when invalid.
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifiedAccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: CONSOLE_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) return undefined;
    return {
      staffId: parsed.data.sub,
      organisationId: parsed.data.org,
      role: parsed.data.role,
      sessionFamilyId: parsed.data.sid,
      expiresAt: payload.exp! * 1000,
    };
  } catch {
    return undefined;
  }
}

/** A patient app sign-in: the account and its session row (checked on every request). */
export interface PatientClaims {
  accountId: string;
  sessionId: string;
}

const patientPayloadSchema = z.object({ sub: z.uuid(), sid: z.uuid(), typ: z.literal('patient') });

/**
 * A patient app token: its own audience and type, so neither verifier accepts the other's
 * token even though one key signs both. It lives as long as its session; signing out revokes
 * the session, which every request checks.
 */
export async function signPatientToken(key: Uint8Array, claims: PatientClaims, expiresAt: Date, now = new Date()): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: 'patient' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.accountId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(PATIENT_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** Verifies a patient app token as verifyAccessToken does a console one; undefined when invalid. */
export async function verifyPatientToken(key: Uint8Array, token: string): Promise<PatientClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: PATIENT_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const parsed = patientPayloadSchema.safeParse(payload);
    return parsed.success ? { accountId: parsed.data.sub, sessionId: parsed.data.sid } : undefined;
  } catch {
    return undefined;
  }
}

/** A verified phone on its way to creating an organisation, and the code row it verified. */
export interface OnboardingClaims {
  phone: string;
  otpId: string;
}

const onboardingPayloadSchema = z.object({ sub: z.string().min(1), jti: z.uuid(), typ: z.literal('onboarding') });

/**
 * The temporary access token of onboarding: its own audience and type, so no staff or patient
 * route takes it, and it takes neither of theirs. jti names the code row, which finishing
 * onboarding stamps, so the token creates one organisation at most.
 */
export async function signOnboardingToken(key: Uint8Array, claims: OnboardingClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ typ: 'onboarding' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.phone)
    .setJti(claims.otpId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(ONBOARDING_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ONBOARDING_TOKEN_TTL_SECONDS)
    .sign(key);
}

/** Verifies an onboarding token as verifyAccessToken does a console one; undefined when invalid. */
export async function verifyOnboardingToken(key: Uint8Array, token: string, now = new Date()): Promise<OnboardingClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: ONBOARDING_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'jti'],
      currentDate: now,
    });
    const parsed = onboardingPayloadSchema.safeParse(payload);
    return parsed.success ? { phone: parsed.data.sub, otpId: parsed.data.jti } : undefined;
  } catch {
    return undefined;
  }
}

/** An opaque refresh token: 32 random bytes, base64url. Only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
