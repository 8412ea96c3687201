import { signInWaitMessage, type ErrorBody, type SignInResponse } from '@caredesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { bearer, createOrganisation, TEST_PASSWORD, uniqueEmail } from '../../test/fixtures.js';

let lastOctet = 0;
/** An address no other test uses (every inject() else comes from 127.0.0.1). */
const newIp = () => {
  lastOctet += 1;
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
};

describe.each(drivers)('sign-in limits (%s)', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver, { SIGN_IN_RATE_LIMIT: 5, SIGN_IN_ACCOUNT_RATE_LIMIT: 8, SIGN_IN_IP_RATE_LIMIT: 4, SIGN_IN_RATE_WINDOW_SECONDS: 900 });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/admin/auth', payload: { email, password }, remoteAddress });

  it('lets the owner in from their own address while an attacker elsewhere fails 50 times, and slows the attacker with the wait in words', async () => {
    const org = await createOrganisation(t.database.db);
    const attacker = newIp();
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 50; i += 1) {
      const response = await attempt(org.admin.email, `guess-${i}`, attacker);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused = response;
    }
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(45).fill(429)]);
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(840);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(refused!.json<ErrorBody>()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Too many attempts. Try again in 15 minutes.' });
    expect(refused!.json<ErrorBody>().message).toBe(signInWaitMessage(retryAfter));

    expect((await attempt(org.admin.email, TEST_PASSWORD, newIp())).statusCode).toBe(200);
    // The owner's success is no amnesty for the attacker, even with the right password.
    expect((await attempt(org.admin.email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
  });

  it('slows an account attacked from many addresses instead of locking it, and never slows an address the owner signed in from', async () => {
    const org = await createOrganisation(t.database.db);
    const home = newIp();
    expect((await attempt(org.admin.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    // Up to the account's ceiling (8), each new address gets its password checked.
    for (let i = 0; i < 8; i += 1) expect((await attempt(org.admin.email, 'wrong', newIp())).statusCode).toBe(401);
    // Past it, one attempt per delay, doubling: a fresh address soon has to wait its turn.
    let slowed;
    for (let i = 0; i < 20 && !slowed; i += 1) {
      const response = await attempt(org.admin.email, 'wrong', newIp());
      expect([401, 429]).toContain(response.statusCode);
      if (response.statusCode === 429) slowed = response;
    }
    expect(slowed).toBeDefined();
    const retryAfter = Number(slowed!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(slowed!.json<ErrorBody>().message).toBe(signInWaitMessage(retryAfter));
    // The owner at home is not held up: not by the delay, not by the attacker's ceiling.
    for (let i = 0; i < 3; i += 1) expect((await attempt(org.admin.email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it('counts accounts, not attempts, per address: a clinic behind one NAT address keeps signing in', async () => {
    const nat = newIp();
    const orgs = await Promise.all([1, 2, 3, 4, 5].map(() => createOrganisation(t.database.db)));
    const everyone = orgs.flatMap((org) => [org.admin, org.worker]);
    // Ten people sign in, more than the address's limit of 4: successes are not failures.
    for (const member of everyone) expect((await attempt(member.email, TEST_PASSWORD, nat)).statusCode).toBe(200);
    // One of them mistypes until their own count runs out; the others are not affected.
    const [clumsy, ...colleagues] = everyone;
    for (let i = 0; i < 5; i += 1) expect((await attempt(clumsy!.email, 'wrong', nat)).statusCode).toBe(401);
    expect((await attempt(clumsy!.email, TEST_PASSWORD, nat)).statusCode).toBe(429);
    for (const member of colleagues) expect((await attempt(member.email, TEST_PASSWORD, nat)).statusCode).toBe(200);
    // Guessing at many accounts from one address is what the address limit stops (4 accounts here).
    for (let i = 0; i < 3; i += 1) expect((await attempt(uniqueEmail('guess'), 'wrong', nat)).statusCode).toBe(401);
    const fifth = await attempt(uniqueEmail('guess'), 'wrong', nat);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json<ErrorBody>().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });

  it('clears the count of an address when the right password is given from it', async () => {
    const org = await createOrganisation(t.database.db);
    const desk = newIp();
    for (let i = 0; i < 4; i += 1) expect((await attempt(org.worker.email, 'wrong', desk)).statusCode).toBe(401);
    expect((await attempt(org.worker.email, TEST_PASSWORD, desk)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await attempt(org.worker.email, 'wrong', desk)).statusCode).toBe(401);
    expect((await attempt(org.worker.email, 'wrong', desk)).statusCode).toBe(429);
  });

  it("lets an administrator's password reset clear a staff member's limits", async () => {
    const org = await createOrganisation(t.database.db);
    const desk = newIp();
    for (let i = 0; i < 5; i += 1) expect((await attempt(org.worker.email, 'wrong', desk)).statusCode).toBe(401);
    expect((await attempt(org.worker.email, TEST_PASSWORD, desk)).statusCode).toBe(429);
    // From an address of its own: this app's per-address limit is 4 accounts, and on PostgreSQL the
    // counters are shared with every other suite failing sign-ins from 127.0.0.1 at the same time.
    const admin = (await attempt(org.admin.email, TEST_PASSWORD, newIp())).json<SignInResponse>();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/staff/${org.worker.id}/reset-password`,
      headers: bearer(admin.access_token),
      payload: { method: 'password', password: 'Fresh-start-42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(org.worker.email, 'Fresh-start-42', desk)).statusCode).toBe(200);
  });
});
