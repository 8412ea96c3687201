import { WRONG_CURRENT_PASSWORD_MESSAGE, accountSchema, sessionUserSchema, type Account, type ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { apiAs, bearer, createOrganisation, signIn, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { addStaff, newPassword, refresh, signInAttempt } from '../staff/test-support.js';

describe.each(drivers)('my account (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let clients: { admin: ApiClient; worker: ApiClient };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { type: 'SCAN' });
    clients = await staffClients(t.app, org);
  });

  /** A fresh worker of `org` and their password, so password tests never affect each other. */
  async function freshWorker(): Promise<{ email: string; password: string; id: string }> {
    const password = newPassword();
    const { member } = await addStaff(clients.admin, { credential: { method: 'password', password } });
    return { email: member.email, password, id: member.id };
  }

  it('shows every role their own account with the organisation idle sign-out', async () => {
    await clients.admin.patch('/api/settings/organisation', { inactivityMinutes: 15 });
    const response = await clients.worker.get('/api/account');
    expect(response.statusCode).toBe(200);
    expect(accountSchema.parse(response.json())).toEqual({
      id: org.worker.id,
      name: 'Wasim Worker',
      email: org.worker.email,
      phone: null,
      avatarUrl: null,
      role: 'WORKER',
      organisationName: org.name,
      passwordChangeRequired: false,
      inactivityMinutes: 15,
      language: 'en',
    });
    expect((await clients.admin.get('/api/account')).json<Account>()).toMatchObject({ id: org.admin.id, role: 'ADMIN' });
    expect((await t.app.inject({ url: '/api/account' })).statusCode).toBe(401);
  });

  it('changes own name, phone and avatar, and the header (GET /api/me) shows them', async () => {
    const phone = uniquePhone();
    const avatarUrl = '/uploads/public/avatar-wasim.png';
    const response = await clients.worker.patch('/api/account', { name: 'Wasim Shaikh', phone, avatarUrl });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Account>()).toMatchObject({ name: 'Wasim Shaikh', phone, avatarUrl, email: org.worker.email });
    expect(sessionUserSchema.parse((await clients.worker.get('/api/me')).json())).toMatchObject({ name: 'Wasim Shaikh', logoUrl: avatarUrl });
    expect((await clients.worker.patch('/api/account', { avatarUrl: null })).json<Account>()).toMatchObject({ avatarUrl: null, name: 'Wasim Shaikh', phone });
    // Fields that are not one's own to change are ignored.
    const sneaky = await clients.worker.patch('/api/account', { role: 'ADMIN', email: 'boss@test.example' });
    expect(sneaky.json<Account>()).toMatchObject({ role: 'WORKER', email: org.worker.email });
  });

  it('answers 400 naming each bad field', async () => {
    const response = await clients.worker.patch('/api/account', { name: 'W', phone: '123', avatarUrl: 'x'.repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<ErrorBody>()
        .issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['avatarUrl', 'name', 'phone']);
  });

  it('refuses a wrong current password with 400 naming currentPassword, and changes nothing', async () => {
    const worker = await freshWorker();
    const session = await signIn(t.app, worker.email, worker.password);
    const api = apiAs(t.app, session.access_token);
    const response = await api.post('/api/account/password', { currentPassword: 'not-mine-1', newPassword: newPassword() });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues).toEqual([{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }]);
    expect((await api.get('/api/account')).json<Account>().passwordChangeRequired).toBe(true);
    expect((await signInAttempt(t.app, worker.email, worker.password)).statusCode).toBe(200);

    const weak = await api.post('/api/account/password', { currentPassword: worker.password, newPassword: 'abcdefgh' });
    expect(weak.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['newPassword']);
  });

  it('changes the password keeping other sessions, and clears passwordChangeRequired', async () => {
    const worker = await freshWorker();
    const [here, elsewhere] = [await signIn(t.app, worker.email, worker.password), await signIn(t.app, worker.email, worker.password)];
    const password = newPassword();
    const response = await apiAs(t.app, here.access_token).post('/api/account/password', { currentPassword: worker.password, newPassword: password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Account>().passwordChangeRequired).toBe(false);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(elsewhere.access_token) })).statusCode).toBe(200);
    expect((await refresh(t.app, elsewhere.refresh_token)).statusCode).toBe(200);
    expect((await signInAttempt(t.app, worker.email, worker.password)).statusCode).toBe(401);
    expect((await signInAttempt(t.app, worker.email, password)).statusCode).toBe(200);
  });

  it('changes the password and signs out every other session, keeping this one', async () => {
    const worker = await freshWorker();
    const [here, elsewhere] = [await signIn(t.app, worker.email, worker.password), await signIn(t.app, worker.email, worker.password)];
    const response = await apiAs(t.app, here.access_token).post('/api/account/password', {
      currentPassword: worker.password,
      newPassword: newPassword(),
      signOutOtherSessions: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(elsewhere.access_token) })).statusCode).toBe(401);
    expect((await refresh(t.app, elsewhere.refresh_token)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/me', headers: bearer(here.access_token) })).statusCode).toBe(200);
    expect((await refresh(t.app, here.refresh_token)).statusCode).toBe(200);
  });

  it('limits wrong current passwords (429), and the right one afterwards is refused too', async () => {
    const worker = await freshWorker();
    const api = apiAs(t.app, (await signIn(t.app, worker.email, worker.password)).access_token);
    for (let i = 0; i < 5; i += 1) expect((await api.post('/api/account/password', { currentPassword: `guess-${i}-x`, newPassword: newPassword() })).statusCode).toBe(400);
    const blocked = await api.post('/api/account/password', { currentPassword: worker.password, newPassword: newPassword() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await signInAttempt(t.app, worker.email, worker.password)).statusCode).toBe(200);
  });
});
