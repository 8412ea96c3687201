import { randomBytes } from 'node:crypto';
import { SignJWT, base64url } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, type OrganisationFixture } from '../../test/fixtures.js';
import { jwtSigningKey } from '../../lib/secrets.js';
import { CONSOLE_AUDIENCE, PATIENT_AUDIENCE, TOKEN_ISSUER } from '../../lib/tokens.js';

describe.each(drivers)('access token verification (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let key: Uint8Array;
  let claims: { org: string; role: string; sid: string; typ: string };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    key = await jwtSigningKey(t.database.db, undefined);
    const session = await signIn(t.app, org.admin.email);
    const payload = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as typeof claims;
    claims = { org: payload.org, role: payload.role, sid: payload.sid, typ: payload.typ };
  });

  const me = (token: string) => t.app.inject({ url: '/api/me', headers: bearer(token) });
  const forge = (options: { audience?: string; typ?: string; expiresAt?: number; signingKey?: Uint8Array } = {}) =>
    new SignJWT({ ...claims, typ: options.typ ?? 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(org.admin.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(options.audience ?? CONSOLE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 600)
      .sign(options.signingKey ?? key);

  it('accepts a correctly signed console token (the forger works)', async () => {
    expect((await me(await forge())).statusCode).toBe(200);
  });

  it('rejects a missing, malformed or tampered token with the error shape', async () => {
    const missing = await t.app.inject({ url: '/api/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect((await me('not.a.jwt')).statusCode).toBe(401);

    const [header, payload, signature] = (await forge()).split('.');
    const changed = base64url.encode(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'ADMIN', org: org.id, sub: org.worker.id }));
    expect((await me(`${header}.${changed}.${signature}`)).statusCode).toBe(401);
  });

  it('rejects alg "none"', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const now = Math.floor(Date.now() / 1000);
    const payload = base64url.encode(JSON.stringify({ ...claims, sub: org.admin.id, iss: TOKEN_ISSUER, aud: CONSOLE_AUDIENCE, iat: now, exp: now + 600 }));
    expect((await me(`${header}.${payload}.`)).statusCode).toBe(401);
  });

  it('rejects a token signed with another key', async () => {
    expect((await me(await forge({ signingKey: randomBytes(48) }))).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    expect((await me(await forge({ expiresAt: Math.floor(Date.now() / 1000) - 5 }))).statusCode).toBe(401);
  });

  it('rejects a patient-app token and a token of another type', async () => {
    expect((await me(await forge({ audience: PATIENT_AUDIENCE }))).statusCode).toBe(401);
    expect((await me(await forge({ typ: 'refresh' }))).statusCode).toBe(401);
  });
});
