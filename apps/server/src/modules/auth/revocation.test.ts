import { EVENTS_CLOSE_UNAUTHORIZED, type AccountSession, type RefreshResponse } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { eventReaches } from '../../test/events.js';
import { apiAs, bearer, createOrganisation, signIn, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { connect } from '../events/test-support.js';
import { addStaff, newPassword, refresh } from '../staff/test-support.js';

/**
 * Checked tokens are remembered (lib/auth.ts): every way a session ends or a person changes must
 * still be refused by the very next request, with the token just used (so remembered) a moment before.
 */
describe.each(bothDrivers)('ended sessions with remembered tokens (%s)', (driver) => {
  let t: TestApp;
  let org: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await createTestApp(driver);
    org = await createOrganisation(t.database.db);
    admin = (await staffClients(t.app, org)).admin;
  });
  afterAll(() => t.close());

  const me = async (token: string) => (await t.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode;
  /** Used twice, so the second answer came from what the first remembered. */
  const warm = async (token: string) => {
    expect(await me(token)).toBe(200);
    expect(await me(token)).toBe(200);
  };
  async function newMember(role: 'ADMIN' | 'WORKER' = 'WORKER') {
    const password = newPassword();
    const { member } = await addStaff(admin, { role, credential: { method: 'password', password } });
    return { member, password, session: await signIn(t.app, member.email, password) };
  }

  it('refuses a signed-out token at once', async () => {
    const { session } = await newMember();
    await warm(session.access_token);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token) })).statusCode).toBe(204);
    expect(await me(session.access_token)).toBe(401);
  });

  it('refuses a deactivated person at once, and a demoted admin the admin routes', async () => {
    const worker = await newMember();
    await warm(worker.session.access_token);
    expect((await admin.patch(`/api/staff/${worker.member.id}`, { active: false })).statusCode).toBe(200);
    expect(await me(worker.session.access_token)).toBe(401);

    const second = await newMember('ADMIN');
    const asSecond = apiAs(t.app, second.session.access_token);
    expect((await asSecond.get('/api/staff')).statusCode).toBe(200);
    expect((await asSecond.get('/api/staff')).statusCode).toBe(200);
    expect((await admin.patch(`/api/staff/${second.member.id}`, { role: 'WORKER' })).statusCode).toBe(200);
    expect((await asSecond.get('/api/staff')).statusCode).toBe(403);
  });

  it('refuses a session ended under My account, and the others at "sign out other sessions"', async () => {
    const { member, password, session } = await newMember();
    const other = await signIn(t.app, member.email, password);
    const third = await signIn(t.app, member.email, password);
    for (const token of [session.access_token, other.access_token, third.access_token]) await warm(token);

    const api = apiAs(t.app, session.access_token);
    const sessions = (await api.get('/api/account/sessions')).json<{ data: AccountSession[] }>().data;
    const otherId = sessions.find((entry) => !entry.current && entry.id === sidOf(other.access_token))!.id;
    expect((await api.delete(`/api/account/sessions/${otherId}`)).statusCode).toBe(204);
    expect(await me(other.access_token)).toBe(401);

    const changed = await api.post('/api/account/password', { currentPassword: password, newPassword: newPassword(), signOutOtherSessions: true });
    expect(changed.statusCode).toBe(200);
    expect(await me(third.access_token)).toBe(401);
    expect(await me(session.access_token)).toBe(200);
  });

  it('refuses the family of a stolen refresh token, and a person whose credential an admin reset', async () => {
    const { session } = await newMember();
    const rotated = (await refresh(t.app, session.refresh_token)).json<RefreshResponse>();
    await warm(rotated.accessToken);
    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: session.refresh_token }, headers: { 'user-agent': 'a thief' } });
    expect(replay.statusCode).toBe(401);
    expect(await me(rotated.accessToken)).toBe(401);

    const fresh = await newMember();
    await warm(fresh.session.access_token);
    expect((await admin.post(`/api/staff/${fresh.member.id}/reset-password`, { method: 'password', password: newPassword() })).statusCode).toBe(200);
    expect(await me(fresh.session.access_token)).toBe(401);
  });

  it('refuses a signed-out token on the event socket too', async () => {
    const { session } = await newMember();
    await warm(session.access_token);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token) })).statusCode).toBe(204);
    const socket = await connect(t.app);
    socket.socket.send(JSON.stringify({ type: 'auth', token: session.access_token }));
    expect((await socket.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
    // Refused at its sign-in, not let in and closed later by a heartbeat's check.
    expect(socket.messages).toEqual([]);
  });
});

/** The session id a staff access token carries (the id My account lists sessions by). */
function sidOf(token: string): string {
  return String((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: unknown }).sid);
}

// Two server processes on one PostgreSQL: a sign-out on one must end what the other remembers.
describe.each(bothDrivers.filter((driver) => driver === 'postgres'))('ended sessions across processes (%s)', (driver) => {
  let one: TestApp;
  let two: TestApp;
  let org: OrganisationFixture;

  beforeAll(async () => {
    [one, two] = [await createTestApp(driver), await createTestApp(driver)];
    org = await createOrganisation(one.database.db);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it("refuses on the other process once the sign-out's event arrives there", async () => {
    const session = await signIn(one.app, org.worker.email);
    const onTwo = async () => (await two.app.inject({ url: '/api/me', headers: bearer(session.access_token) })).statusCode;
    expect(await onTwo()).toBe(200);
    expect(await onTwo()).toBe(200);
    const arrived = eventReaches(two.app, (_organisationId, event) => event.type === 'session.ended' && event.staffId === org.worker.id);
    expect((await one.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session.access_token) })).statusCode).toBe(204);
    await arrived;
    expect(await onTwo()).toBe(401);
  });
});
