import {
  INVITATION_INVALID_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
  STAFF_INVITATION_TTL_HOURS,
  invitationSchema,
  signInResponseSchema,
  type ErrorBody,
  type SignInResponse,
  type StaffCredentialResult,
  type StaffMember,
} from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffInvitations } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { apiAs, bearer, createOrganisation, signIn, staffClients, TEST_PASSWORD, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { addStaff, invitationToken, newPassword, randomIp, refresh, signInAttempt, staffInput } from './test-support.js';

describe.each(drivers)('staff invitations (%s)', (driver) => {
  let t: TestApp;
  let org: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await createTestApp(driver);
    org = await createOrganisation(t.database.db);
    admin = (await staffClients(t.app, org)).admin;
  });
  afterAll(() => t.close());

  const open = (token: string) => t.app.inject({ url: `/api/invitations/${token}` });
  const accept = (token: string, password: string) => t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, payload: { password } });
  const invite = (overrides = {}) => addStaff(admin, { name: 'Farah Khan', credential: { method: 'invitation' }, ...overrides });

  const expectGone = async (token: string) => {
    const opened = await open(token);
    expect(opened.statusCode).toBe(404);
    expect(opened.json<ErrorBody>().message).toBe(INVITATION_INVALID_MESSAGE);
    expect((await accept(token, newPassword())).statusCode).toBe(404);
  };

  it('invites someone who opens the link, chooses a password and is signed in; the link then stops working', async () => {
    const before = Date.now();
    const invited = await invite();
    expect(invited.member).toMatchObject({ name: 'Farah Khan', invitationPending: true, passwordChangeRequired: false, active: true });
    expect(invited.invitationUrl).toMatch(/^http:\/\/localhost(:\d+)?\/invite\/[A-Za-z0-9_-]{43}$/);
    const expiresAt = new Date(invited.invitationExpiresAt!).getTime();
    expect(expiresAt - before).toBeGreaterThanOrEqual(STAFF_INVITATION_TTL_HOURS * 3600_000 - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(STAFF_INVITATION_TTL_HOURS * 3600_000);

    const token = invitationToken(invited);
    // Only the token's hash is stored.
    const [stored] = await t.database.db.select().from(staffInvitations).where(eq(staffInvitations.staffId, invited.member.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    expect(invitationSchema.parse(opened.json())).toEqual({ name: 'Farah Khan', email: invited.member.email, organisationName: org.name, expiresAt: invited.invitationExpiresAt });

    // Not before accepting: the same generic failure as any sign-in.
    const early = await signInAttempt(t.app, invited.member.email, 'anything-1');
    expect(early.json<ErrorBody>()).toMatchObject({ statusCode: 401, message: SIGN_IN_FAILED_MESSAGE });

    const password = newPassword();
    const accepted = await accept(token, password);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = signInResponseSchema.parse(accepted.json());
    expect(session.user).toMatchObject({ id: invited.member.id, email: invited.member.email, role: 'WORKER', adminId: org.id });
    expect((await t.app.inject({ url: '/api/me', headers: bearer(session.access_token) })).statusCode).toBe(200);
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(200);
    expect((await admin.get(`/api/staff/${invited.member.id}`)).json<StaffMember>()).toMatchObject({ invitationPending: false, passwordChangeRequired: false });
    expect((await signIn(t.app, invited.member.email, password)).user.id).toBe(invited.member.id);

    await expectGone(token);
  });

  it('answers 404 for an expired link, an unknown one and a deactivated person', async () => {
    const expired = await invite();
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.staffId, expired.member.id));
    await expectGone(invitationToken(expired));
    await expectGone('x'.repeat(43));

    const deactivated = await invite();
    expect((await admin.patch(`/api/staff/${deactivated.member.id}`, { active: false })).statusCode).toBe(200);
    await expectGone(invitationToken(deactivated));
  });

  it('replaces older links with a newer invitation or a temporary password', async () => {
    const first = await invite();
    const again = await admin.post(`/api/staff/${first.member.id}/reset-password`, { method: 'invitation' });
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<StaffCredentialResult>();
    expect(second.member.invitationPending).toBe(true);
    await expectGone(invitationToken(first));
    expect((await open(invitationToken(second))).statusCode).toBe(200);

    const password = newPassword();
    const reset = await admin.post(`/api/staff/${first.member.id}/reset-password`, { method: 'password', password });
    expect(reset.json<StaffCredentialResult>().member).toMatchObject({ invitationPending: false, passwordChangeRequired: true });
    await expectGone(invitationToken(second));
    expect((await signInAttempt(t.app, first.member.email, password)).statusCode).toBe(200);
  });

  it('turns an existing person into a pending invitation on reset: the old password and sessions end', async () => {
    const password = newPassword();
    const added = await addStaff(admin, { credential: { method: 'password', password } });
    const session = await signIn(t.app, added.member.email, password);
    const reset = (await admin.post(`/api/staff/${added.member.id}/reset-password`, { method: 'invitation' })).json<StaffCredentialResult>();
    expect(reset.member).toMatchObject({ invitationPending: true, passwordChangeRequired: false });
    expect((await signInAttempt(t.app, added.member.email, password)).statusCode).toBe(401);
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(401);
    expect((await accept(invitationToken(reset), newPassword())).statusCode).toBe(200);
  });

  it('builds the link on the console origin: the Origin header when it is this host, else protocol and host', async () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff',
        payload: staffInput({ credential: { method: 'invitation' } }),
        headers: { ...headers, authorization: adminAuthorization },
      });
    const adminAuthorization = bearer((await signIn(t.app, org.admin.email)).access_token).authorization;
    const same = (await post({ host: 'console.example.in', origin: 'https://console.example.in' })).json<StaffCredentialResult>();
    expect(same.invitationUrl).toMatch(/^https:\/\/console\.example\.in\/invite\//);
    const forged = (await post({ host: 'console.example.in', origin: 'https://evil.example' })).json<StaffCredentialResult>();
    expect(forged.invitationUrl).toMatch(/^http:\/\/console\.example\.in\/invite\//);
  });

  it('refuses a weak password naming it, and keeps the link usable', async () => {
    const invited = await invite();
    const weak = await accept(invitationToken(invited), 'abcdefgh');
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['password']);
    expect((await open(invitationToken(invited))).statusCode).toBe(200);
  });

  it('signs in only once when a link is accepted twice at once', async () => {
    const token = invitationToken(await invite());
    const replies = await Promise.all([accept(token, newPassword()), accept(token, newPassword())]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 404]);
  });
});

describe.each(drivers)('invitation link guessing (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { SIGN_IN_IP_RATE_LIMIT: 3, SIGN_IN_RATE_WINDOW_SECONDS: 600 });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after too many wrong links from one IP, and counts a good link as no guess', async () => {
    const org = await createOrganisation(t.database.db);
    // Signed in from an IP of its own: this app's sign-in limit per IP is tiny too.
    const session = await t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email: org.admin.email, password: TEST_PASSWORD }, remoteAddress: randomIp() });
    const admin = apiAs(t.app, session.json<SignInResponse>().access_token);
    const token = invitationToken(await addStaff(admin, { credential: { method: 'invitation' } }));
    const ip = randomIp();
    const from = (url: string, method: 'GET' | 'POST' = 'GET') =>
      t.app.inject({ method, url, remoteAddress: ip, ...(method === 'POST' ? { payload: { password: newPassword() } } : {}) });
    for (let i = 0; i < 5; i += 1) expect((await from(`/api/invitations/${token}`)).statusCode).toBe(200);
    expect((await from(`/api/invitations/${'a'.repeat(43)}`)).statusCode).toBe(404);
    expect((await from(`/api/invitations/${'b'.repeat(43)}/accept`, 'POST')).statusCode).toBe(404);
    expect((await from(`/api/invitations/${'c'.repeat(43)}`)).statusCode).toBe(404);
    const blocked = await from(`/api/invitations/${token}/accept`, 'POST');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    expect((await t.app.inject({ url: `/api/invitations/${token}`, remoteAddress: randomIp() })).statusCode).toBe(200);
  });
});

describe.each(drivers)('the first token after an invitation (%s)', (driver) => {
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: 7 });
    admin = (await staffClients(t.app, await createOrganisation(t.database.db))).admin;
  });
  afterAll(() => t.close());

  it('lasts ACCESS_TOKEN_TTL_SECONDS like every other access token', async () => {
    const invited = await addStaff(admin, { name: 'Farah Khan', credential: { method: 'invitation' } });
    const accepted = await t.app.inject({ method: 'POST', url: `/api/invitations/${invitationToken(invited)}/accept`, payload: { password: newPassword() } });
    expect(accepted.statusCode).toBe(200);
    const { iat, exp } = decodeJwt(accepted.json<SignInResponse>().access_token);
    expect(exp! - iat!).toBe(7);
  });
});
