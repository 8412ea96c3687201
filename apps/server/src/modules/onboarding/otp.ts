import { ONBOARDING_OTP_DIGITS, ONBOARDING_OTP_MAX_ATTEMPTS, ONBOARDING_OTP_TTL_SECONDS, ONBOARDING_TOKEN_TTL_SECONDS, type Language } from '@caredesk/shared';
import { onboardingOtps } from '../../db/schema/index.js';
import { checkOtp, limitOtpChecks, refuseOtp, sendOtp, type OtpClient, type OtpDeps, type OtpKind } from '../../lib/otp.js';
import { signOnboardingToken } from '../../lib/tokens.js';

/** Onboarding's phone check (lib/otp.ts): its own table and limits; a refusal names 'otp'. */
export const onboardingOtpKind: OtpKind = {
  table: onboardingOtps,
  scope: 'onboarding-otp',
  digits: ONBOARDING_OTP_DIGITS,
  ttlSeconds: ONBOARDING_OTP_TTL_SECONDS,
  maxAttempts: ONBOARDING_OTP_MAX_ATTEMPTS,
  field: 'otp',
  message: 'otp.onboarding',
};

/** POST /api/sms/user: texts a new code to the phone of someone creating an organisation. */
export function sendOnboardingCode(deps: OtpDeps, phone: string, client: OtpClient, language?: Language): Promise<{ expiresInSeconds: number }> {
  return sendOtp(deps, onboardingOtpKind, phone, client, language);
}

/**
 * POST /api/auth/login: the right code becomes the temporary access token naming its row. A
 * wrong guess is committed before the 401, so it counts.
 */
export async function verifyOnboardingCode(
  deps: OtpDeps,
  input: { phone: string; otp: string },
  client: OtpClient,
): Promise<{ tempAccessToken: string; expiresInSeconds: number }> {
  const releaseCheck = await limitOtpChecks(deps, onboardingOtpKind, client.ip);
  const now = deps.now?.() ?? new Date();
  const check = await deps.db.transaction((tx) => checkOtp(tx, deps.jwtKey, onboardingOtpKind, { phone: input.phone, code: input.otp }, now));
  if (check.kind === 'refused') throw refuseOtp(onboardingOtpKind, check.message);
  await releaseCheck();
  const tempAccessToken = await signOnboardingToken(deps.jwtKey, { phone: input.phone, otpId: check.otpId }, now);
  return { tempAccessToken, expiresInSeconds: ONBOARDING_TOKEN_TTL_SECONDS };
}
