import { randomInt } from 'node:crypto';
import type { Language, PatientSession } from '@caredesk/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { testConfig } from '../../test/config.js';
import { postgresRateLimitStore } from '../../lib/rate-limit.js';
import { jwtSigningKey } from '../../lib/secrets.js';
import type { SmsSender } from '../../lib/sms/index.js';
import type { TestApp } from '../../test/app.js';
import { bearer, uniquePhone } from '../../test/fixtures.js';
import { sendOtp } from './otp.js';

/**
 * A client address of its own for each request: every inject() otherwise comes from 127.0.0.1,
 * and PostgreSQL runs share rate-limit counters across test files and runs.
 */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** POST through inject() from a fresh address, optionally signed in. */
export function postFrom(app: FastifyInstance, url: string, payload: unknown, options: { token?: string; ip?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: options.ip ?? randomIp(),
    ...(options.token ? { headers: bearer(options.token) } : {}),
  });
}

/** Sends a code the way POST /auth/otp does, and answers the text message's code. */
export async function textedCode(t: TestApp, phone: string): Promise<string> {
  return (await textedMessage(t, phone)).code;
}

/** The text message POST /auth/otp would send, asked for in `language`, through a gateway that texts `languages`. */
export async function textedMessage(
  t: TestApp,
  phone: string,
  language?: Language,
  languages?: readonly Language[],
): Promise<{ code: string; text: string; language: Language | undefined }> {
  const db = t.database.db;
  const texts: { text: string; language: Language | undefined }[] = [];
  const sms: SmsSender = { send: async (_phone, text, _variables, worded) => void texts.push({ text, language: worded }), ...(languages ? { languages } : {}) };
  const client = { ip: randomIp(), userAgent: undefined };
  await sendOtp({ db, jwtKey: await jwtSigningKey(db, undefined), rateLimitStore: postgresRateLimitStore(db), config: testConfig(), sms }, phone, client, language);
  const [sent] = texts;
  const code = /^(\d{6}) /.exec(sent?.text ?? '')?.[1];
  if (!sent || !code) throw new Error(`no code in ${JSON.stringify(texts)}`);
  return { code, ...sent };
}

export interface PatientApp {
  session: PatientSession;
  phone: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload: unknown): Promise<LightMyRequestResponse>;
}

export function patientClient(app: FastifyInstance, session: PatientSession): PatientApp {
  return {
    session,
    phone: session.account.phone,
    get: (url) => app.inject({ url, headers: bearer(session.accessToken), remoteAddress: randomIp() }),
    post: (url, payload) => postFrom(app, url, payload ?? {}, { token: session.accessToken }),
    patch: (url, payload) => app.inject({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers: bearer(session.accessToken), remoteAddress: randomIp() }),
  };
}

/** Signs in to the patient app with a texted code: a new account for a new phone. */
export async function signInPatient(t: TestApp, phone = uniquePhone()): Promise<PatientApp> {
  const code = await textedCode(t, phone);
  const response = await postFrom(t.app, '/api/patient/auth/verify', { phone, code });
  if (response.statusCode !== 200) throw new Error(`patient sign-in failed: ${response.statusCode} ${response.body}`);
  return patientClient(t.app, response.json<PatientSession>());
}
