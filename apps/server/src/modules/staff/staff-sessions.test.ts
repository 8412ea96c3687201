import { EVENTS_CLOSE_UNAUTHORIZED, type StaffMember } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { addStaff, createListeningTestApp, newPassword, refresh, signInAttempt } from './test-support.js';

describe.each(drivers)("ending a staff member's sessions (%s)", (driver) => {
  let t: Awaited<ReturnType<typeof createListeningTestApp>>;
  let org: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await createListeningTestApp(driver);
    org = await createOrganisation(t.database.db);
    admin = (await staffClients(t.app, org)).admin;
  });
  afterAll(() => t.close());

  const me = (accessToken: string) => t.app.inject({ url: '/api/me', headers: bearer(accessToken) });

  /** A new worker signed in on two browsers, one with the live socket open. */
  async function signedInTwice() {
    const password = newPassword();
    const added = await addStaff(admin, { credential: { method: 'password', password } });
    const [laptop, phone] = [await signIn(t.app, added.member.email, password), await signIn(t.app, added.member.email, password)];
    const socket = await t.openSocket(laptop.access_token);
    return { member: added.member, password, laptop, phone, socket };
  }

  it('ends every session of a deactivated person at once: refresh, access token and live socket', async () => {
    const { member, password, laptop, phone, socket } = await signedInTwice();
    expect((await me(phone.access_token)).statusCode).toBe(200);

    const response = await admin.patch(`/api/staff/${member.id}`, { active: false });
    expect(response.json<StaffMember>().active).toBe(false);

    for (const session of [laptop, phone]) {
      expect((await me(session.access_token)).statusCode).toBe(401);
      expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(401);
    }
    expect(await socket.closed).toEqual({ code: EVENTS_CLOSE_UNAUTHORIZED, reason: 'Your session has ended. Sign in again.' });

    // Reactivation lets them sign in again, but the old sessions stay ended.
    expect((await admin.patch(`/api/staff/${member.id}`, { active: true })).statusCode).toBe(200);
    expect((await me(laptop.access_token)).statusCode).toBe(401);
    expect((await refresh(t.app, phone.refresh_token)).statusCode).toBe(401);
    const again = await signIn(t.app, member.email, password);
    expect((await me(again.access_token)).statusCode).toBe(200);
  });

  it('ends every session when an admin resets the password, and the old password stops working', async () => {
    const { member, password, laptop, phone, socket } = await signedInTwice();
    const temporary = newPassword();
    expect((await admin.post(`/api/staff/${member.id}/reset-password`, { method: 'password', password: temporary })).statusCode).toBe(200);
    for (const session of [laptop, phone]) {
      expect((await me(session.access_token)).statusCode).toBe(401);
      expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(401);
    }
    expect((await socket.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
    expect((await signInAttempt(t.app, member.email, password)).statusCode).toBe(401);
    expect((await signInAttempt(t.app, member.email, temporary)).statusCode).toBe(200);
  });

  it('leaves sessions alone for other changes (name, role); a role change re-signs the live socket', async () => {
    const { member, laptop, socket } = await signedInTwice();
    expect((await admin.patch(`/api/staff/${member.id}`, { name: 'Priya Iyer' })).statusCode).toBe(200);
    expect((await me(laptop.access_token)).json()).toMatchObject({ name: 'Priya Iyer', role: 'WORKER' });
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);

    expect((await admin.patch(`/api/staff/${member.id}`, { role: 'ADMIN' })).statusCode).toBe(200);
    expect((await me(laptop.access_token)).json()).toMatchObject({ name: 'Priya Iyer', role: 'ADMIN' });
    const renewed = await refresh(t.app, laptop.refresh_token);
    expect(renewed.statusCode).toBe(200);
    // The socket's events were filtered by the old role's menu: it is closed as at a token
    // expiry, and the console reconnects with the session it still has.
    expect((await socket.closed).code).toBe(EVENTS_CLOSE_UNAUTHORIZED);
    const again = await t.openSocket(renewed.json<{ accessToken: string }>().accessToken);
    expect(again.socket.readyState).toBe(again.socket.OPEN);
    again.socket.close();
  });
});
