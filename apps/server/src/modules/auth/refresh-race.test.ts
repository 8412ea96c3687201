import type { RefreshResponse } from '@caredesk/shared';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, type OrganisationFixture } from '../../test/fixtures.js';
import { ROTATION_GRACE_MS } from './sessions.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 front-desk';
const OTHER_BROWSER = 'Mozilla/5.0 (Windows NT 10.0) Firefox/127.0 elsewhere';
const DESK_IP = '10.0.0.21';

describe.each(bothDrivers)('refresh races between tabs of one browser (%s)', (driver) => {
  let t: TestApp;
  let org: OrganisationFixture;

  beforeAll(async () => {
    t = await createTestApp(driver);
    org = await createOrganisation(t.database.db);
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string, userAgent = BROWSER, remoteAddress = DESK_IP) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: refreshToken }, headers: { 'user-agent': userAgent }, remoteAddress });
  const pairOf = async (refreshToken: string, userAgent?: string, remoteAddress?: string) => {
    const response = await refresh(refreshToken, userAgent, remoteAddress);
    expect(response.statusCode).toBe(200);
    return response.json<RefreshResponse>();
  };
  const me = async (accessToken: string) => (await t.app.inject({ url: '/api/me', headers: bearer(accessToken) })).statusCode;
  /** Moves the family's rotations back past the grace, as if the repeat came that much later. */
  const agePastGrace = async (refreshToken: string) => {
    const [row] = await t.database.db
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(refreshToken)));
    await t.database.db
      .update(sessions)
      .set({ rotatedAt: sql`${sessions.rotatedAt} - make_interval(secs => ${(ROTATION_GRACE_MS + 1000) / 1000})` })
      .where(eq(sessions.familyId, row!.familyId));
  };

  it('answers a second tab repeating the refresh within the grace with a working pair, and both tabs keep working', async () => {
    const session = await signIn(t.app, org.admin.email);
    const tabA = await pairOf(session.refresh_token);
    const tabB = await pairOf(session.refresh_token);
    expect(tabB.refreshToken).not.toBe(tabA.refreshToken);
    expect(await me(tabA.accessToken)).toBe(200);
    expect(await me(tabB.accessToken)).toBe(200);

    // Each tab goes on refreshing with what it was given; the family lives on.
    const nextA = await pairOf(tabA.refreshToken);
    const nextB = await pairOf(tabB.refreshToken);
    expect(await me(nextA.accessToken)).toBe(200);
    expect(await me(nextB.accessToken)).toBe(200);
    expect(await me((await pairOf(nextB.refreshToken)).accessToken)).toBe(200);
  });

  it('answers two refreshes sent at the same moment with one working pair each', async () => {
    const session = await signIn(t.app, org.admin.email);
    const [tabA, tabB] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
    for (const tab of [tabA, tabB]) expect(await me(tab.json<RefreshResponse>().accessToken)).toBe(200);
  });

  it('keeps one live refresh token per family: the one a repeat superseded revokes the family when it comes back after the grace', async () => {
    const session = await signIn(t.app, org.admin.email);
    const tabA = await pairOf(session.refresh_token);
    const tabB = await pairOf(session.refresh_token);
    await agePastGrace(session.refresh_token);

    expect((await refresh(tabA.refreshToken)).statusCode).toBe(401);
    expect((await refresh(tabB.refreshToken)).statusCode).toBe(401);
    expect(await me(tabB.accessToken)).toBe(401);
  });

  it('revokes the family when the repeat comes after the grace', async () => {
    const session = await signIn(t.app, org.admin.email);
    const tabA = await pairOf(session.refresh_token);
    await agePastGrace(session.refresh_token);

    const late = await refresh(session.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect((await refresh(tabA.refreshToken)).statusCode).toBe(401);
    expect(await me(tabA.accessToken)).toBe(401);
  });

  it('revokes the family when the repeat comes from another user agent, even within the grace', async () => {
    const session = await signIn(t.app, org.admin.email);
    const tabA = await pairOf(session.refresh_token);

    expect((await refresh(session.refresh_token, OTHER_BROWSER)).statusCode).toBe(401);
    expect((await refresh(tabA.refreshToken)).statusCode).toBe(401);
    expect(await me(tabA.accessToken)).toBe(401);
  });

  it('revokes the family when the repeat comes from another address, even within the grace', async () => {
    const session = await signIn(t.app, org.admin.email);
    const tabA = await pairOf(session.refresh_token);

    expect((await refresh(session.refresh_token, BROWSER, '203.0.113.9')).statusCode).toBe(401);
    expect((await refresh(tabA.refreshToken)).statusCode).toBe(401);
  });

  it('revokes the family when the thief won the race and the owner repeats from their own browser', async () => {
    const session = await signIn(t.app, org.admin.email);
    const thief = await pairOf(session.refresh_token, OTHER_BROWSER, '203.0.113.9');

    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect(await me(thief.accessToken)).toBe(401);
    expect((await refresh(thief.refreshToken, OTHER_BROWSER, '203.0.113.9')).statusCode).toBe(401);
  });

  it('gives nothing for a repeat within the grace once the family was signed out', async () => {
    const session = await signIn(t.app, org.admin.email);
    const tabA = await pairOf(session.refresh_token);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, headers: bearer(tabA.accessToken) });
    expect(logout.statusCode).toBe(204);

    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('gives nothing to a repeat without a user agent', async () => {
    const session = await signIn(t.app, org.admin.email);
    const tabA = await pairOf(session.refresh_token, '');
    expect((await refresh(session.refresh_token, '')).statusCode).toBe(401);
    expect(await me(tabA.accessToken)).toBe(401);
  });
});

describe.each(bothDrivers)('access token lifetime (%s)', (driver) => {
  let t: TestApp;
  let org: OrganisationFixture;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: 5 });
    org = await createOrganisation(t.database.db);
  });
  afterAll(() => t.close());

  const lifetime = (token: string) => {
    const { iat, exp } = decodeJwt(token);
    return exp! - iat!;
  };

  it('signs sign-in and refresh access tokens for ACCESS_TOKEN_TTL_SECONDS', async () => {
    // The default is the shared 15 minutes (auth.test.ts's app): this app sets 5 seconds.
    const session = await signIn(t.app, org.admin.email);
    expect(lifetime(session.access_token)).toBe(5);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: session.refresh_token } });
    expect(lifetime(refreshed.json<RefreshResponse>().accessToken)).toBe(5);
  });
});
