import { EMAIL_TAKEN_MESSAGE, signInResponseSchema, type ErrorBody } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, onboardingOtps, organisations, staff, subscriptions, wallets } from '../../db/schema/index.js';
import { jwtSigningKey } from '../../lib/secrets.js';
import { signOnboardingToken } from '../../lib/tokens.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, uniquePhone } from '../../test/fixtures.js';
import { signInPatient } from '../patient-api/test-support.js';
import { ONBOARDING_TOKEN_REFUSED, ONBOARDING_TOKEN_USED } from './service.js';
import { onboardingInput, postFrom, randomIp, tempTokenFor } from './test-support.js';

describe.each(drivers)('onboarding: creating an organisation and its first admin (%s)', (driver) => {
  const t = useTestApp(driver);

  beforeAll(async () => {});

  const complete = (token: string | undefined, payload: unknown) => postFrom(t.app, '/api/onboarding', payload, token ? { token } : {});
  const organisationsNamed = (name: string) => t.database.db.select().from(organisations).where(eq(organisations.name, name));

  it('signs a verified phone up: organisation, its facility, an empty wallet, no plan, and the admin signed in', async () => {
    const phone = uniquePhone();
    const token = await tempTokenFor(t, phone);
    const input = onboardingInput({ organisation: { type: 'SCAN' } });
    const response = await complete(token, input);
    expect(response.statusCode, response.body).toBe(201);
    const session = signInResponseSchema.parse(response.json());
    expect(session.user).toMatchObject({
      name: 'Priya Nair',
      email: input.admin.email,
      role: 'ADMIN',
      admin: { name: input.organisation.name, email: input.organisation.email, type: 'SCAN', logoUrl: null },
    });

    const db = t.database.db;
    const [organisation] = await organisationsNamed(input.organisation.name);
    expect(organisation).toMatchObject({ id: session.user.adminId, phone, address: '12 MG Road', city: 'Pune', timeZone: 'Asia/Kolkata' });
    expect(await db.select({ name: facilities.name, phone: facilities.phone }).from(facilities).where(eq(facilities.organisationId, organisation!.id))).toEqual([
      { name: input.organisation.name, phone },
    ]);
    expect(await db.select({ balancePaise: wallets.balancePaise }).from(wallets).where(eq(wallets.organisationId, organisation!.id))).toEqual([{ balancePaise: 0 }]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.organisationId, organisation!.id))).toEqual([]);
    const [admin] = await db.select().from(staff).where(eq(staff.organisationId, organisation!.id));
    expect(admin).toMatchObject({ id: session.user.id, role: 'ADMIN', active: true });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    const [otp] = await db.select().from(onboardingOtps).where(eq(onboardingOtps.phone, phone));
    expect(otp!.organisationId).toBe(organisation!.id);

    const me = await t.app.inject({ url: '/api/me', headers: bearer(session.access_token) });
    expect(me.statusCode, me.body).toBe(200);
    const plan = await t.app.inject({ url: '/api/plan/current', headers: bearer(session.access_token) });
    expect(plan.json()).toMatchObject({ isActive: false });
    const again = await signIn(t.app, input.admin.email, input.admin.password);
    expect(again.user.id).toBe(session.user.id);
    const refreshed = await postFrom(t.app, '/api/auth/refresh-token', { refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(200);
  });

  it("gives the new organisation a public address from its name, with a suffix when the name's is taken", async () => {
    const name = `Dhanvantari Care ${randomIp().replaceAll('.', ' ')}`;
    const first = await complete(await tempTokenFor(t, uniquePhone()), onboardingInput({ organisation: { name } }));
    const second = await complete(await tempTokenFor(t, uniquePhone()), onboardingInput({ organisation: { name } }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const slugs = (await organisationsNamed(name)).map((organisation) => organisation.slug).sort();
    const base = name.toLowerCase().replaceAll(' ', '-');
    expect(slugs).toEqual([base, `${base}-2`]);
  });

  it('takes an organisation phone of its own when given one', async () => {
    const own = uniquePhone();
    const input = onboardingInput({ organisation: { phone: own, address: undefined, city: undefined } });
    expect((await complete(await tempTokenFor(t, uniquePhone()), input)).statusCode).toBe(201);
    expect((await organisationsNamed(input.organisation.name))[0]).toMatchObject({ phone: own, address: null, city: null });
  });

  it('refuses an e-mail already registered (409 naming admin.email), creating nothing; the token still works', async () => {
    const existing = await createOrganisation(t.database.db);
    const token = await tempTokenFor(t, uniquePhone());
    const input = onboardingInput({ admin: { email: existing.admin.email.toUpperCase() } });
    const taken = await complete(token, input);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>()).toMatchObject({ message: EMAIL_TAKEN_MESSAGE, issues: [{ path: 'admin.email', message: EMAIL_TAKEN_MESSAGE }] });
    expect(await organisationsNamed(input.organisation.name)).toEqual([]);

    const retried = await complete(token, { ...input, admin: { ...input.admin, email: `other-${input.admin.email}` } });
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('lets the unique index decide between two sign-ups with one e-mail at the same moment', async () => {
    const [first, second] = await Promise.all([tempTokenFor(t, uniquePhone()), tempTokenFor(t, uniquePhone())]);
    const email = onboardingInput().admin.email;
    const one = onboardingInput({ admin: { email } });
    const other = onboardingInput({ admin: { email } });
    const replies = await Promise.all([complete(first, one), complete(second, other)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    const created = (await organisationsNamed(one.organisation.name)).length + (await organisationsNamed(other.organisation.name)).length;
    expect(created).toBe(1);
  });

  it('creates one organisation per token: used again, or twice at once, it is a 401', async () => {
    const token = await tempTokenFor(t, uniquePhone());
    expect((await complete(token, onboardingInput())).statusCode).toBe(201);
    const reused = await complete(token, onboardingInput());
    expect(reused.statusCode).toBe(401);
    expect(reused.json<ErrorBody>().message).toBe(ONBOARDING_TOKEN_USED);

    const racing = await tempTokenFor(t, uniquePhone());
    const inputs = [onboardingInput(), onboardingInput()];
    const replies = await Promise.all(inputs.map((input) => complete(racing, input)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 401]);
    const created = (await organisationsNamed(inputs[0]!.organisation.name)).length + (await organisationsNamed(inputs[1]!.organisation.name)).length;
    expect(created).toBe(1);
  });

  it('refuses no token, an expired one, and staff or patient tokens', async () => {
    const key = await jwtSigningKey(t.database.db, undefined);
    const phone = uniquePhone();
    await tempTokenFor(t, phone);
    const [otp] = await t.database.db.select({ id: onboardingOtps.id }).from(onboardingOtps).where(eq(onboardingOtps.phone, phone));
    const expired = await signOnboardingToken(key, { phone, otpId: otp!.id }, new Date(Date.now() - 3601_000));
    const existing = await createOrganisation(t.database.db);
    const staffToken = (await signIn(t.app, existing.admin.email)).access_token;
    const patientToken = (await signInPatient(t)).session.accessToken;

    for (const token of [undefined, expired, staffToken, patientToken, 'not-a-token']) {
      const input = onboardingInput();
      const response = await complete(token, input);
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorBody>().message).toBe(ONBOARDING_TOKEN_REFUSED);
      expect(await organisationsNamed(input.organisation.name)).toEqual([]);
    }
  });

  it('the temporary token opens no staff route', async () => {
    const token = await tempTokenFor(t, uniquePhone());
    expect((await t.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/plan/current', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/patient/chats', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('names every bad field (400) and creates nothing', async () => {
    const token = await tempTokenFor(t, uniquePhone());
    const response = await complete(token, {
      organisation: { name: 'X', type: 'ZOO', email: 'not-an-email' },
      admin: { name: 'Priya Nair', email: 'priya@', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json<ErrorBody>().issues?.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['organisation.name', 'organisation.type', 'organisation.email', 'admin.email', 'admin.password']));
    expect((await complete(token, onboardingInput())).statusCode).toBe(201);
  });
});
