import type { ErrorBody } from '@caredesk/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingOtps, patientOtps } from '../../db/schema/index.js';
import { jwtSigningKey } from '../../lib/secrets.js';
import { verifyAccessToken, verifyOnboardingToken, verifyPatientToken } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { startOtpMsg91, type FakeMsg91 } from '../../test/fake-msg91.js';
import { uniquePhone } from '../../test/fixtures.js';
import { postFrom, randomIp, textedOnboardingCode } from './test-support.js';

describe.each(drivers)('onboarding: verifying the phone by a texted code (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { OTP_IP_RATE_LIMIT: 4 });
  });
  afterAll(() => t.close());

  const login = (phone: string, otp: string, ip?: string) => postFrom(t.app, '/api/auth/login', { phone, otp }, ip ? { ip } : {});
  const latestCode = async (phone: string) =>
    (await t.database.db.select().from(onboardingOtps).where(eq(onboardingOtps.phone, phone)).orderBy(desc(onboardingOtps.createdAt)).limit(1))[0]!;
  const refusal = (message: string) => ({ statusCode: 401, message, issues: [{ path: 'otp', message }] });

  it('texts a 6-digit code for creating an organisation, kept only as a keyed hash for 10 minutes', async () => {
    const phone = uniquePhone();
    const sent = await postFrom(t.app, '/api/sms/user', { phone: `0${phone.slice(3)}` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ expiresInSeconds: 600 });
    const stored = await latestCode(phone);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(600_000);
    expect(stored.organisationId).toBeNull();

    const { code, text } = await textedOnboardingCode(t, phone);
    expect(text).toBe(`${code} is your CareDesk code to create an organisation. It expires in 10 minutes. Do not share it with anyone.`);
    expect(stored.codeHash).not.toContain(code);
  });

  it('turns the right code into a temporary token only onboarding accepts, once', async () => {
    const phone = uniquePhone();
    const { code } = await textedOnboardingCode(t, phone);
    const response = await login(phone, code);
    expect(response.statusCode, response.body).toBe(200);
    const { tempAccessToken, expiresInSeconds } = response.json<{ tempAccessToken: string; expiresInSeconds: number }>();
    expect(expiresInSeconds).toBe(3600);

    const key = await jwtSigningKey(t.database.db, undefined);
    const stored = await latestCode(phone);
    expect(await verifyOnboardingToken(key, tempAccessToken)).toEqual({ phone, otpId: stored.id });
    expect(stored.consumedAt).toBeInstanceOf(Date);
    expect(await verifyAccessToken(key, tempAccessToken)).toBeUndefined();
    expect(await verifyPatientToken(key, tempAccessToken)).toBeUndefined();

    expect((await login(phone, code)).json<ErrorBody>()).toMatchObject(refusal('This code has already been used. Request a new one.'));
  });

  it('does not share codes with the patient app: a patient sign-in code does not verify here', async () => {
    const phone = uniquePhone();
    const { code } = await textedOnboardingCode(t, phone);
    await postFrom(t.app, '/api/patient/auth/otp', { phone });
    expect(await t.database.db.select().from(patientOtps).where(eq(patientOtps.phone, phone))).toHaveLength(1);
    expect((await login(phone, code)).statusCode).toBe(200);
  });

  it('a new code replaces the earlier one', async () => {
    const phone = uniquePhone();
    const older = (await textedOnboardingCode(t, phone)).code;
    let newer = (await textedOnboardingCode(t, phone)).code;
    while (newer === older) newer = (await textedOnboardingCode(t, phone)).code;
    expect((await login(phone, older)).json<ErrorBody>()).toMatchObject({ statusCode: 401, issues: [{ path: 'otp' }] });
    expect((await login(phone, newer)).statusCode).toBe(200);
  });

  it('refuses an expired code (sent 10 minutes ago) and a phone that was sent none', async () => {
    const phone = uniquePhone();
    const { code } = await textedOnboardingCode(t, phone, new Date(Date.now() - 600_000));
    const expired = await login(phone, code);
    expect(expired.json<ErrorBody>()).toMatchObject(refusal('This code has expired. Request a new one.'));

    const none = await login(uniquePhone(), '123456');
    expect(none.json<ErrorBody>()).toMatchObject(refusal('No code was sent to this phone. Request a code first.'));
  });

  it('counts wrong codes: after five the code is dead, even the right one', async () => {
    const phone = uniquePhone();
    const { code } = await textedOnboardingCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await login(phone, wrong);
      expect(response.statusCode).toBe(401);
      messages.push(response.json<ErrorBody>().message);
    }
    expect(messages[0]).toBe('Incorrect code. 4 attempts left.');
    expect(messages[3]).toBe('Incorrect code. 1 attempt left.');
    expect(messages[4]).toBe('Incorrect code. Too many wrong attempts: request a new code.');
    expect((await latestCode(phone)).attempts).toBe(5);
    expect((await login(phone, code)).json<ErrorBody>()).toMatchObject(refusal('Too many wrong attempts. Request a new code.'));
  });

  it('names the bad field: a malformed phone or code is a 400', async () => {
    const badPhone = await postFrom(t.app, '/api/sms/user', { phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<ErrorBody>().issues?.[0]?.path).toBe('phone');
    const badCode = await login(uniquePhone(), '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json<ErrorBody>().issues).toEqual([{ path: 'otp', message: 'Enter the 6-digit code' }]);
  });

  it('limits codes per phone and per client IP: 429 with Retry-After', async () => {
    const phone = uniquePhone();
    for (let sent = 0; sent < 5; sent += 1) expect((await postFrom(t.app, '/api/sms/user', { phone })).statusCode).toBe(200);
    const perPhone = await postFrom(t.app, '/api/sms/user', { phone });
    expect(perPhone.statusCode).toBe(429);
    expect(Number(perPhone.headers['retry-after'])).toBeGreaterThan(800);

    const ip = randomIp();
    for (let sent = 0; sent < 4; sent += 1) expect((await postFrom(t.app, '/api/sms/user', { phone: uniquePhone() }, { ip })).statusCode).toBe(200);
    const perIp = await postFrom(t.app, '/api/sms/user', { phone: uniquePhone() }, { ip });
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers['retry-after']).toBeDefined();
  });

  it('limits failed code checks per client IP, across phones', async () => {
    const ip = randomIp();
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await login(uniquePhone(), '123456', ip)).statusCode).toBe(401);
    const limited = await login(uniquePhone(), '123456', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe.each(drivers)('onboarding: the code texted in the language of the request (%s)', (driver) => {
  let t: TestApp;
  let fake: FakeMsg91;

  beforeAll(async () => {
    const msg91 = await startOtpMsg91();
    fake = msg91.fake;
    t = await createTestApp(driver, msg91.settings);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("goes through the gateway's Hindi template for a console in Hindi, and the English one for a language without its own", async () => {
    const ask = (language: string) =>
      t.app.inject({ method: 'POST', url: '/api/sms/user', payload: { phone: uniquePhone() }, headers: { 'accept-language': language }, remoteAddress: randomIp() });
    expect((await ask('hi-IN,hi;q=0.9,en;q=0.8')).statusCode).toBe(200);
    expect((await ask('ta')).statusCode).toBe(200);
    const sent = fake.requests.map((request) => request.body as { template_id: string; recipients: { VAR1: string }[] });
    expect(sent.map((body) => body.template_id)).toEqual(['CDOTPHI001', 'CDOTP00001']);
    // The code is the template's one variable, six digits, in either language.
    for (const body of sent) expect(body.recipients[0]!.VAR1).toMatch(/^\d{6}$/);
  });
});
