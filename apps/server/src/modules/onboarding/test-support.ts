import type { OnboardingComplete } from '@caredesk/shared';
import { testConfig } from '../../test/config.js';
import { postgresRateLimitStore } from '../../lib/rate-limit.js';
import { jwtSigningKey } from '../../lib/secrets.js';
import type { SmsSender } from '../../lib/sms/index.js';
import type { TestApp } from '../../test/app.js';
import { uniqueEmail } from '../../test/fixtures.js';
import { postFrom, randomIp } from '../patient-api/test-support.js';
import { sendOnboardingCode } from './otp.js';

export { postFrom, randomIp };

/**
 * Sends a code the way POST /api/sms/user does, through a capturing SMS sender, and answers the
 * text message and its code. `now` moves the sender's clock (an expired code is one sent long ago).
 */
export async function textedOnboardingCode(t: TestApp, phone: string, now?: Date): Promise<{ code: string; text: string }> {
  const db = t.database.db;
  const texts: string[] = [];
  const sms: SmsSender = { send: async (_phone, text) => void texts.push(text) };
  const deps = { db, jwtKey: await jwtSigningKey(db, undefined), rateLimitStore: postgresRateLimitStore(db), config: testConfig(), sms, ...(now ? { now: () => now } : {}) };
  await sendOnboardingCode(deps, phone, { ip: randomIp(), userAgent: undefined });
  const text = texts[0] ?? '';
  const code = /^(\d{6}) /.exec(text)?.[1];
  if (!code) throw new Error(`no code in ${JSON.stringify(texts)}`);
  return { code, text };
}

/** A verified phone: the temporary access token POST /api/auth/login answers for its code. */
export async function tempTokenFor(t: TestApp, phone: string): Promise<string> {
  const { code } = await textedOnboardingCode(t, phone);
  const response = await postFrom(t.app, '/api/auth/login', { phone, otp: code });
  if (response.statusCode !== 200) throw new Error(`onboarding login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ tempAccessToken: string }>().tempAccessToken;
}

/** A complete sign-up form with unique e-mails. */
export function onboardingInput(overrides: { organisation?: Partial<OnboardingComplete['organisation']>; admin?: Partial<OnboardingComplete['admin']> } = {}): OnboardingComplete {
  return {
    organisation: { name: `Sunrise Clinic ${randomIp()}`, type: 'HOSPITAL', email: uniqueEmail('org'), address: '12 MG Road', city: 'Pune', ...overrides.organisation },
    admin: { name: 'Priya Nair', email: uniqueEmail('founder'), password: 'Sunrise-2024', ...overrides.admin },
  };
}
