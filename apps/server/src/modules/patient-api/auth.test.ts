import { patientSessionSchema, type ErrorBody } from '@caredesk/shared';
import { desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientAccounts, patientOtps, patientSessions } from '../../db/schema/index.js';
import { jwtSigningKey } from '../../lib/secrets.js';
import { PATIENT_AUDIENCE, TOKEN_ISSUER, verifyAccessToken, verifyPatientToken } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startOtpMsg91, type FakeMsg91 } from '../../test/fake-msg91.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, uniquePhone } from '../../test/fixtures.js';
import { postFrom, randomIp, signInPatient, textedCode, textedMessage } from './test-support.js';

describe.each(drivers)('patient app sign-in by phone (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { OTP_IP_RATE_LIMIT: 4 });
  });
  afterAll(() => t.close());

  const verify = (phone: string, code: string, ip?: string) => postFrom(t.app, '/api/patient/auth/verify', { phone, code }, ip ? { ip } : {});
  const latestCode = async (phone: string) =>
    (await t.database.db.select().from(patientOtps).where(eq(patientOtps.phone, phone)).orderBy(desc(patientOtps.createdAt)).limit(1))[0]!;

  it('texts a code (202, stored only as a hash, 10 minutes) that signs in a new account once', async () => {
    const phone = uniquePhone();
    const sent = await postFrom(t.app, '/api/patient/auth/otp', { phone: `0${phone.slice(3)}` });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ expiresInSeconds: 600 });
    const stored = await latestCode(phone);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(600_000);

    const code = await textedCode(t, phone);
    const response = await verify(phone, code);
    expect(response.statusCode, response.body).toBe(200);
    const session = patientSessionSchema.parse(response.json());
    expect(session.account.phone).toBe(phone);
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const [account] = await t.database.db.select().from(patientAccounts).where(eq(patientAccounts.phone, phone));
    expect(account).toMatchObject({ id: session.account.id, lastLoginAt: expect.any(Date) });

    const again = await verify(phone, code);
    expect(again.statusCode).toBe(401);
    expect(again.json<ErrorBody>()).toMatchObject({ message: 'This code has already been used. Request a new one.', issues: [{ path: 'code' }] });
  });

  it('signs the same phone in to the same account every time', async () => {
    const phone = uniquePhone();
    const first = await signInPatient(t, phone);
    const second = await signInPatient(t, phone);
    expect(second.session.account.id).toBe(first.session.account.id);
    expect(second.session.accessToken).not.toBe(first.session.accessToken);
  });

  it('texts the code in the language asked for, and in English through a gateway that cannot text that language', async () => {
    const hindi = await textedMessage(t, uniquePhone(), 'hi');
    expect(hindi).toMatchObject({ language: 'hi', text: `${hindi.code} आपका CareDesk साइन-इन कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।` });
    const english = await textedMessage(t, uniquePhone(), 'ta', ['en', 'hi']);
    expect(english).toMatchObject({ language: 'en', text: `${english.code} is your CareDesk sign-in code. It expires in 10 minutes. Do not share it with anyone.` });
  });

  it('a new code replaces the earlier one', async () => {
    const phone = uniquePhone();
    const older = await textedCode(t, phone);
    let newer = await textedCode(t, phone);
    while (newer === older) newer = await textedCode(t, phone);
    expect((await verify(phone, older)).statusCode).toBe(401);
    expect((await verify(phone, newer)).statusCode).toBe(200);
  });

  it('refuses an expired code, and a phone that was sent none', async () => {
    const phone = uniquePhone();
    const code = await textedCode(t, phone);
    await t.database.db
      .update(patientOtps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(patientOtps.phone, phone));
    const expired = await verify(phone, code);
    expect(expired.statusCode).toBe(401);
    expect(expired.json<ErrorBody>().message).toBe('This code has expired. Request a new one.');

    const none = await verify(uniquePhone(), '123456');
    expect(none.statusCode).toBe(401);
    expect(none.json<ErrorBody>().message).toBe('No code was sent to this phone. Request a code first.');
  });

  it('counts wrong codes: after five the code is dead, even the right one', async () => {
    const phone = uniquePhone();
    const code = await textedCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await verify(phone, wrong);
      expect(response.statusCode).toBe(401);
      messages.push(response.json<ErrorBody>().message);
    }
    expect(messages[0]).toBe('Incorrect code. 4 attempts left.');
    expect(messages[3]).toBe('Incorrect code. 1 attempt left.');
    expect(messages[4]).toBe('Incorrect code. Too many wrong attempts: request a new code.');
    expect((await latestCode(phone)).attempts).toBe(5);
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(401);
    expect(right.json<ErrorBody>().message).toBe('Too many wrong attempts. Request a new code.');
  });

  it('names the bad field: a malformed phone or code is a 400', async () => {
    const badPhone = await postFrom(t.app, '/api/patient/auth/otp', { phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<ErrorBody>().issues?.[0]?.path).toBe('phone');
    const badCode = await verify(uniquePhone(), '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json<ErrorBody>().issues).toEqual([{ path: 'code', message: 'Enter the 6-digit code from the text message' }]);
  });

  it('limits codes per phone and per client IP: 429 with Retry-After', async () => {
    const phone = uniquePhone();
    for (let sent = 0; sent < 5; sent += 1) expect((await postFrom(t.app, '/api/patient/auth/otp', { phone })).statusCode).toBe(202);
    const perPhone = await postFrom(t.app, '/api/patient/auth/otp', { phone });
    expect(perPhone.statusCode).toBe(429);
    expect(Number(perPhone.headers['retry-after'])).toBeGreaterThan(800);

    const ip = randomIp();
    for (let sent = 0; sent < 4; sent += 1) expect((await postFrom(t.app, '/api/patient/auth/otp', { phone: uniquePhone() }, { ip })).statusCode).toBe(202);
    const perIp = await postFrom(t.app, '/api/patient/auth/otp', { phone: uniquePhone() }, { ip });
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers['retry-after']).toBeDefined();
  });

  it('limits failed code checks per client IP, across phones', async () => {
    const ip = randomIp();
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await verify(uniquePhone(), '123456', ip)).statusCode).toBe(401);
    const limited = await verify(uniquePhone(), '123456', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('signing out ends the session at once; an expired session is refused too', async () => {
    const patient = await signInPatient(t);
    expect((await patient.get('/api/patient/appointments')).statusCode).toBe(200);
    expect((await patient.post('/api/patient/auth/logout')).statusCode).toBe(204);
    const after = await patient.get('/api/patient/appointments');
    expect(after.statusCode).toBe(401);
    expect(after.json<ErrorBody>().message).toBe('Your session has ended. Sign in again.');

    const other = await signInPatient(t);
    await t.database.db
      .update(patientSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(patientSessions.accountId, other.session.account.id));
    expect((await other.get('/api/patient/appointments')).statusCode).toBe(401);
  });

  it('keeps the two kinds of token apart: a staff token opens no patient route, a patient token no staff route', async () => {
    const org = await createOrganisation(t.database.db, { onlineBooking: {} });
    const staffToken = (await signIn(t.app, org.admin.email)).access_token;
    const patient = await signInPatient(t);
    const as = (token: string, url: string) => t.app.inject({ url, headers: bearer(token), remoteAddress: randomIp() });

    expect((await as(staffToken, '/api/patient/appointments')).statusCode).toBe(401);
    expect((await as(staffToken, `/api/patient/organisations/${org.id}/doctors`)).statusCode).toBe(401);
    expect((await postFrom(t.app, '/api/patient/auth/logout', {}, { token: staffToken })).statusCode).toBe(401);

    const token = patient.session.accessToken;
    expect((await as(token, '/api/appointments')).statusCode).toBe(401);
    expect((await as(token, '/api/me')).statusCode).toBe(401);
    expect((await as(token, '/api/patients')).statusCode).toBe(401);

    // A patient token re-typed as a console one is still refused by both sides.
    const key = await jwtSigningKey(t.database.db, undefined);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
    const retyped = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(PATIENT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    expect((await as(retyped, '/api/patient/appointments')).statusCode).toBe(401);
    expect((await as(retyped, '/api/appointments')).statusCode).toBe(401);

    // And at the verifiers themselves: each accepts its own kind only.
    expect(await verifyAccessToken(key, token)).toBeUndefined();
    expect(await verifyPatientToken(key, staffToken)).toBeUndefined();
    expect(await verifyPatientToken(key, token)).toEqual({ accountId: patient.session.account.id, sessionId: claims.sid });
    expect(await verifyAccessToken(key, staffToken)).toMatchObject({ staffId: org.admin.id });
  });

  it('documents the patient routes in the OpenAPI under the tag patient', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    expect(doc.paths['/api/patient/auth/otp']?.post?.tags).toEqual(['patient']);
    expect(doc.paths['/api/patient/bookings/{id}/cancel']?.post?.tags).toEqual(['patient']);
  });
});

describe.each(drivers)('a sign-in code by SMS in the language of the request (%s)', (driver) => {
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

  it("goes through the gateway's Hindi template for a patient app in Hindi, and the English one for a language without its own", async () => {
    const ask = (language: string) =>
      t.app.inject({ method: 'POST', url: '/api/patient/auth/otp', payload: { phone: uniquePhone() }, headers: { 'accept-language': language }, remoteAddress: randomIp() });
    expect((await ask('hi-IN,hi;q=0.9,en;q=0.8')).statusCode).toBe(202);
    expect((await ask('kn')).statusCode).toBe(202);
    expect(fake.requests.map((request) => (request.body as { template_id: string }).template_id)).toEqual(['CDOTPHI001', 'CDOTP00001']);
  });
});
