import { accountSessionsSchema, type AccountSession, type RefreshResponse, type SignInResponse } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { apiAs, bearer, createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { addStaff, newPassword, refresh } from '../staff/test-support.js';

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36';

describe.each(drivers)('my sessions (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    admin = (await staffClients(t.app, org)).admin;
  });

  async function person(): Promise<{ email: string; password: string }> {
    const password = newPassword();
    const { member } = await addStaff(admin, { credential: { method: 'password', password } });
    return { email: member.email, password };
  }

  async function signInFrom(who: { email: string; password: string }, userAgent: string, remoteAddress: string): Promise<SignInResponse> {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: who, headers: { 'user-agent': userAgent }, remoteAddress });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SignInResponse>();
  }

  const sessionsOf = async (accessToken: string): Promise<AccountSession[]> => {
    const response = await apiAs(t.app, accessToken).get('/api/account/sessions');
    expect(response.statusCode, response.body).toBe(200);
    return accountSessionsSchema.parse(response.json()).data;
  };

  it('lists one entry per signed-in browser, marking this one, with its first sign-in and latest activity', async () => {
    const who = await person();
    const laptop = await signInFrom(who, LAPTOP, '10.1.1.1');
    const phone = await signInFrom(who, PHONE, '10.2.2.2');
    // The phone refreshes from another network: its entry moves to the newest row's IP.
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refresh_token: phone.refresh_token },
      headers: { 'user-agent': PHONE },
      remoteAddress: '10.3.3.3',
    });
    const phoneTokens = rotated.json<RefreshResponse>();

    const listed = await sessionsOf(laptop.access_token);
    expect(listed).toHaveLength(2);
    const [newest, older] = listed;
    expect(newest).toMatchObject({ userAgent: PHONE, ip: '10.3.3.3', current: false });
    expect(older).toMatchObject({ userAgent: LAPTOP, ip: '10.1.1.1', current: true });
    expect(new Date(newest!.lastActiveAt).getTime()).toBeGreaterThan(new Date(newest!.signedInAt).getTime());
    expect(older!.lastActiveAt).toBe(older!.signedInAt);
    expect(new Date(older!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // Seen from the phone, the phone's entry is the current one.
    expect((await sessionsOf(phoneTokens.accessToken)).find((entry) => entry.current)?.id).toBe(newest!.id);
  });

  it('ends another browser session: its tokens stop working and it leaves the list', async () => {
    const who = await person();
    const laptop = await signInFrom(who, LAPTOP, '10.1.1.1');
    const phone = await signInFrom(who, PHONE, '10.2.2.2');
    const target = (await sessionsOf(laptop.access_token)).find((entry) => !entry.current)!;
    expect((await apiAs(t.app, laptop.access_token).delete(`/api/account/sessions/${target.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(phone.access_token) })).statusCode).toBe(401);
    expect((await refresh(t.app, phone.refresh_token)).statusCode).toBe(401);
    expect((await sessionsOf(laptop.access_token)).map((entry) => entry.userAgent)).toEqual([LAPTOP]);
    expect((await apiAs(t.app, laptop.access_token).delete(`/api/account/sessions/${target.id}`)).statusCode).toBe(404);
  });

  it('ends the current session too, which signs this browser out', async () => {
    const who = await person();
    const laptop = await signInFrom(who, LAPTOP, '10.1.1.1');
    const [current] = await sessionsOf(laptop.access_token);
    expect((await apiAs(t.app, laptop.access_token).delete(`/api/account/sessions/${current!.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/account', headers: bearer(laptop.access_token) })).statusCode).toBe(401);
    expect((await refresh(t.app, laptop.refresh_token)).statusCode).toBe(401);
  });

  it("answers 404 for another person's session and an unknown id, and ends nothing", async () => {
    const [mine, theirs] = [await person(), await person()];
    const me = await signInFrom(mine, LAPTOP, '10.1.1.1');
    const them = await signInFrom(theirs, PHONE, '10.2.2.2');
    const [their] = await sessionsOf(them.access_token);
    expect((await apiAs(t.app, me.access_token).delete(`/api/account/sessions/${their!.id}`)).statusCode).toBe(404);
    expect((await apiAs(t.app, me.access_token).delete('/api/account/sessions/6f1c2d7e-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await apiAs(t.app, me.access_token).delete('/api/account/sessions/nope')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(them.access_token) })).statusCode).toBe(200);
    expect((await sessionsOf(me.access_token)).map((entry) => entry.id)).not.toContain(their!.id);
  });

  it('leaves out signed-out and expired sessions', async () => {
    const who = await person();
    const kept = await signInFrom(who, LAPTOP, '10.1.1.1');
    const gone = await signInFrom(who, PHONE, '10.2.2.2');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(gone.access_token), payload: {} });
    const expired = await signInFrom(who, 'Old tablet', '10.4.4.4');
    const [own] = (await sessionsOf(expired.access_token)).filter((entry) => entry.current);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.familyId, own!.id));
    expect((await sessionsOf(kept.access_token)).map((entry) => entry.userAgent)).toEqual([LAPTOP]);
  });
});
