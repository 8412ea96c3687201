import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { SERVER_LOG_ENV } from './env.ts';
import { DEMO_PASSWORD, expect } from './fixtures.ts';

export type Headers = Record<string, string>;

/** The sign-in code the server logged (SMS_PROVIDER=log) for a phone, after `offset` in the log. */
export async function codeFromServerLog(phone: string, offset: number): Promise<string> {
  const logFile = process.env[SERVER_LOG_ENV];
  if (!logFile) throw new Error(`${SERVER_LOG_ENV} is not set: run through e2e/playwright.config.ts`);
  const masked = `${phone.slice(0, -4).replace(/\d/g, '*')}${phone.slice(-4)}`;
  let code: string | undefined;
  await expect
    .poll(() => {
      const line = readFileSync(logFile, 'utf8')
        .slice(offset)
        .split('\n')
        .reverse()
        .find((entry) => entry.includes(`"to":"${masked}"`));
      code = line ? /(\d{6}) is your/.exec(line)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

export interface PatientAppSession {
  accessToken: string;
  expiresAt: string;
  account: { id: string; phone: string; language?: string | null };
}

/** Signs a phone in to the patient API by the SMS code (read from the server log). */
export async function patientSession(request: APIRequestContext, phone: string): Promise<PatientAppSession> {
  const offset = readFileSync(process.env[SERVER_LOG_ENV]!, 'utf8').length;
  expect((await request.post('/api/patient/auth/otp', { data: { phone } })).status()).toBe(202);
  const code = await codeFromServerLog(phone, offset);
  const verified = await request.post('/api/patient/auth/verify', { data: { phone, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return (await verified.json()) as PatientAppSession;
}

/** The patient app signs in by the SMS code (read from the server log): its request headers. */
export async function signInPatient(request: APIRequestContext, phone: string): Promise<Headers> {
  return { authorization: `Bearer ${(await patientSession(request, phone)).accessToken}` };
}

/** The page opens the app already signed in with `session`, as the app keeps it after the code. */
export async function keepPatientSession(page: Page, session: PatientAppSession): Promise<void> {
  const kept = JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, phone: session.account.phone });
  await page.addInitScript((value) => localStorage.setItem('caredesk.patient.session', value), kept);
}

/** A staff member's API headers (the demo password). */
export async function signInStaff(request: APIRequestContext, email: string): Promise<Headers> {
  const auth = await request.post('/api/admin/auth', { data: { email, password: DEMO_PASSWORD } });
  expect(auth.ok(), await auth.text()).toBe(true);
  return { authorization: `Bearer ${((await auth.json()) as { access_token: string }).access_token}` };
}
