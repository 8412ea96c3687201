import { SIGN_IN_FAILED_MESSAGE, sessionUserSchema, signInResponseSchema, type RefreshResponse } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, TEST_PASSWORD, uniqueEmail, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('sign-in and sessions (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { workerActive: false });
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('signs an admin in and answers the user, an access token and a refresh token', async () => {
    const response = await post('/api/admin/auth', { email: org.admin.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = signInResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ id: org.admin.id, adminId: org.id, email: org.admin.email, role: 'ADMIN', logoUrl: null });
    expect(body.user.admin).toMatchObject({ id: org.id, name: org.name, type: 'HOSPITAL' });
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.app.inject({ url: '/api/me', headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(sessionUserSchema.parse(me.json())).toEqual(body.user);
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and an inactive account', async () => {
    const wrong = await post('/api/admin/auth', { email: org.admin.email, password: 'not-the-password' });
    const unknown = await post('/api/admin/auth', { email: uniqueEmail('nobody'), password: TEST_PASSWORD });
    const inactive = await post('/api/admin/auth', { email: org.worker.email, password: TEST_PASSWORD });
    for (const response of [wrong, unknown, inactive]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: SIGN_IN_FAILED_MESSAGE });
    }
  });

  it('rejects bad input with 400 naming each field', async () => {
    const response = await post('/api/admin/auth', { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ issues: { path: string }[] }>();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.issues.map((issue) => issue.path).sort()).toEqual(['email', 'password']);
  });

  it('rotates the refresh token on every use', async () => {
    const session = await signIn(t.app, org.admin.email);
    const first = await post('/api/auth/refresh-token', { refresh_token: session.refresh_token });
    expect(first.statusCode).toBe(200);
    const pair = first.json<RefreshResponse>();
    expect(pair.refreshToken).not.toBe(session.refresh_token);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(pair.accessToken) })).statusCode).toBe(200);

    const second = await post('/api/auth/refresh-token', { refresh_token: pair.refreshToken });
    expect(second.statusCode).toBe(200);
  });

  it('treats reuse of a rotated refresh token as theft and revokes the whole family', async () => {
    const session = await signIn(t.app, org.admin.email);
    const rotated = (await post('/api/auth/refresh-token', { refresh_token: session.refresh_token })).json<RefreshResponse>();

    // From another browser (a repeat from the same one within seconds is a race between its tabs: refresh-race.test.ts).
    const replay = await post('/api/auth/refresh-token', { refresh_token: session.refresh_token }, { 'user-agent': 'another browser' });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    // The newest token of the family and its access token are dead too.
    expect((await post('/api/auth/refresh-token', { refresh_token: rotated.refreshToken })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(rotated.accessToken) })).statusCode).toBe(401);
  });

  it('does not touch other sessions of the same person when one family is revoked', async () => {
    const laptop = await signIn(t.app, org.admin.email);
    const phone = await signIn(t.app, org.admin.email);
    await post('/api/auth/refresh-token', { refresh_token: laptop.refresh_token });
    expect((await post('/api/auth/refresh-token', { refresh_token: laptop.refresh_token }, { 'user-agent': 'another browser' })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { refresh_token: phone.refresh_token })).statusCode).toBe(200);
  });

  it('rejects an unknown refresh token and bad refresh input', async () => {
    expect((await post('/api/auth/refresh-token', { refresh_token: 'made-up' })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', {})).statusCode).toBe(400);
  });

  it('logs out: the refresh token and the access token stop working', async () => {
    const session = await signIn(t.app, org.admin.email);
    const logout = await post('/api/auth/logout', { refresh_token: session.refresh_token }, bearer(session.access_token));
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expect((await post('/api/auth/refresh-token', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(session.access_token) })).statusCode).toBe(401);
  });

  it('logs out without a body too, and requires a bearer', async () => {
    const session = await signIn(t.app, org.admin.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token) })).statusCode).toBe(204);
    expect((await post('/api/auth/refresh-token', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});
