import {
  DUPLICATE_STAFF_EMAIL_MESSAGE,
  LAST_ADMIN_MESSAGE,
  SELF_DEACTIVATE_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
  staffCredentialResultSchema,
  staffListSchema,
  staffMemberSchema,
  type Account,
  type ErrorBody,
  type StaffList,
  type StaffMember,
} from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { apiAs, createOrganisation, signIn, staffClients, uniqueEmail, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { addStaff, newPassword, signInAttempt, staffInput } from './test-support.js';

describe.each(drivers)('staff management (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let clients: { admin: ApiClient; worker: ApiClient };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    clients = await staffClients(t.app, org);
  });

  const list = async (query: string, client = clients.admin): Promise<StaffList> => {
    const response = await client.get(`/api/staff${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return staffListSchema.parse(response.json());
  };

  it('adds someone with a temporary password, who signs in and is asked to choose their own', async () => {
    const password = newPassword();
    const phone = uniquePhone();
    const created = staffCredentialResultSchema.parse(await addStaff(clients.admin, { name: 'Kavya Menon', phone, role: 'ADMIN', credential: { method: 'password', password } }));
    expect(created.member).toMatchObject({ name: 'Kavya Menon', phone, role: 'ADMIN', active: true, passwordChangeRequired: true, invitationPending: false, lastLoginAt: null });
    expect(created).toMatchObject({ invitationUrl: null, invitationExpiresAt: null });

    const session = await signIn(t.app, created.member.email, password);
    expect(session.user).toMatchObject({ id: created.member.id, role: 'ADMIN', adminId: org.id });
    const account = apiAs(t.app, session.access_token);
    expect((await account.get('/api/account')).json<Account>().passwordChangeRequired).toBe(true);

    const changed = await account.post('/api/account/password', { currentPassword: password, newPassword: newPassword() });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Account>().passwordChangeRequired).toBe(false);
    const shown = (await clients.admin.get(`/api/staff/${created.member.id}`)).json<StaffMember>();
    expect(shown.passwordChangeRequired).toBe(false);
    expect(shown.lastLoginAt).not.toBeNull();
  });

  it('lists the organisation staff with search, role and active filters and paging', async () => {
    const fixture = await createOrganisation(t.database.db);
    const admin = (await staffClients(t.app, fixture)).admin;
    const tag = `zq${Date.now().toString(36)}`;
    await addStaff(admin, { name: `Rohan ${tag} Desai` });
    await addStaff(admin, { name: 'Meera Iyer', email: `meera.${tag}@test.example`, role: 'ADMIN' });
    const quiet = await addStaff(admin, { name: `Anil ${tag} Rao` });
    expect((await admin.patch(`/api/staff/${quiet.member.id}`, { active: false })).statusCode).toBe(200);

    const all = await list('', admin);
    expect(all.total).toBe(5);
    expect(all.data.map((member) => member.name)).toEqual([...all.data.map((member) => member.name)].sort((a, b) => a.localeCompare(b)));
    expect((await list(`?search=${tag.toUpperCase()}`, admin)).data.map((member) => member.name).sort()).toEqual([`Anil ${tag} Rao`, 'Meera Iyer', `Rohan ${tag} Desai`]);
    expect((await list(`?search=${tag}&role=ADMIN`, admin)).data.map((member) => member.name)).toEqual(['Meera Iyer']);
    expect((await list(`?search=${tag}&active=false`, admin)).data.map((member) => member.name)).toEqual([`Anil ${tag} Rao`]);
    expect((await list('?search=100%25', admin)).total).toBe(0);

    const first = await list('?pageSize=2&sort=name', admin);
    const second = await list('?pageSize=2&page=2&sort=name', admin);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.data).toHaveLength(2);
    expect(second.data.map((member) => member.id)).not.toContain(first.data[0]!.id);
    // Another organisation's people never appear.
    expect((await list(`?search=${tag}`)).total).toBe(0);
    expect((await admin.get('/api/staff?pageSize=500')).statusCode).toBe(400);
  });

  it("shows one staff member, and another organisation's as 404", async () => {
    const shown = await clients.admin.get(`/api/staff/${org.worker.id}`);
    expect(staffMemberSchema.parse(shown.json())).toMatchObject({ id: org.worker.id, role: 'WORKER', email: org.worker.email });
    expect(shown.body).not.toContain('passwordHash');
    const other = await createOrganisation(t.database.db);
    expect((await clients.admin.get(`/api/staff/${other.worker.id}`)).statusCode).toBe(404);
    expect((await clients.admin.patch(`/api/staff/${other.worker.id}`, { name: 'Taken Over' })).statusCode).toBe(404);
    expect((await clients.admin.post(`/api/staff/${other.worker.id}/reset-password`, { method: 'invitation' })).statusCode).toBe(404);
    expect((await clients.admin.get('/api/staff/not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses a worker every staff route, also where the worker menu shows Settings', async () => {
    const scan = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' }));
    for (const worker of [clients.worker, scan.worker]) {
      expect((await worker.get('/api/staff')).statusCode).toBe(403);
      expect((await worker.get(`/api/staff/${org.admin.id}`)).statusCode).toBe(403);
      expect((await worker.post('/api/staff', staffInput())).statusCode).toBe(403);
      expect((await worker.patch(`/api/staff/${org.worker.id}`, { role: 'ADMIN' })).statusCode).toBe(403);
      expect((await worker.post(`/api/staff/${org.admin.id}/reset-password`, { method: 'invitation' })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/staff' })).statusCode).toBe(401);
  });

  it('answers 409 naming email for an e-mail anyone already signs in with, in any organisation', async () => {
    const other = await createOrganisation(t.database.db);
    for (const email of [org.worker.email.toUpperCase(), other.admin.email]) {
      const response = await clients.admin.post('/api/staff', staffInput({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>()).toMatchObject({ message: DUPLICATE_STAFF_EMAIL_MESSAGE, issues: [{ path: 'email', message: DUPLICATE_STAFF_EMAIL_MESSAGE }] });
    }
  });

  it('answers 400 naming each bad field', async () => {
    const response = await clients.admin.post('/api/staff', { name: 'A', email: 'nope', role: 'DOCTOR', phone: '12', credential: { method: 'password', password: 'short1' } });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<ErrorBody>()
        .issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['credential.password', 'email', 'name', 'phone', 'role']);
    const method = await clients.admin.post('/api/staff', { ...staffInput(), credential: { method: 'sms' } });
    expect(method.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['credential.method']);
    const patch = await clients.admin.patch(`/api/staff/${org.worker.id}`, { role: 'OWNER', active: 'no' });
    expect(
      patch
        .json<ErrorBody>()
        .issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['active', 'role']);
  });

  it('changes name, phone and role, and an empty change changes nothing', async () => {
    const added = await addStaff(clients.admin);
    const phone = uniquePhone();
    const response = await clients.admin.patch(`/api/staff/${added.member.id}`, { name: 'Priya N. Nair', phone, role: 'ADMIN' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StaffMember>()).toMatchObject({ name: 'Priya N. Nair', phone, role: 'ADMIN', email: added.member.email });
    expect((await clients.admin.patch(`/api/staff/${added.member.id}`, {})).json<StaffMember>()).toMatchObject({ name: 'Priya N. Nair', phone });
  });

  it('keeps the last active admin: no demoting them, and nobody deactivates themselves', async () => {
    const fixture = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, fixture);
    const demote = await admin.patch(`/api/staff/${fixture.admin.id}`, { role: 'WORKER' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<ErrorBody>()).toMatchObject({ message: LAST_ADMIN_MESSAGE, issues: [{ path: 'role', message: LAST_ADMIN_MESSAGE }] });
    const deactivate = await admin.patch(`/api/staff/${fixture.admin.id}`, { active: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json<ErrorBody>().issues).toEqual([{ path: 'active', message: SELF_DEACTIVATE_MESSAGE }]);

    // An admin still waiting on an invitation cannot administer yet, so does not count.
    await addStaff(admin, { role: 'ADMIN', credential: { method: 'invitation' } });
    expect((await admin.patch(`/api/staff/${fixture.admin.id}`, { role: 'WORKER' })).statusCode).toBe(409);

    const secondPassword = newPassword();
    const second = await addStaff(admin, { role: 'ADMIN', credential: { method: 'password', password: secondPassword } });
    const demoted = await admin.patch(`/api/staff/${fixture.admin.id}`, { role: 'WORKER' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // Demoted now: the same token is refused staff management at once.
    expect((await admin.get('/api/staff')).statusCode).toBe(403);
    const secondAdmin = apiAs(t.app, (await signIn(t.app, second.member.email, secondPassword)).access_token);
    const last = await secondAdmin.patch(`/api/staff/${second.member.id}`, { role: 'WORKER' });
    expect(last.json<ErrorBody>().message).toBe(LAST_ADMIN_MESSAGE);
  });

  it('lets a deactivated person back in only with a new sign-in after reactivation', async () => {
    const password = newPassword();
    const added = await addStaff(clients.admin, { credential: { method: 'password', password } });
    expect((await clients.admin.patch(`/api/staff/${added.member.id}`, { active: false })).json<StaffMember>().active).toBe(false);
    const refused = await signInAttempt(t.app, added.member.email, password);
    expect(refused.json<ErrorBody>()).toMatchObject({ statusCode: 401, message: SIGN_IN_FAILED_MESSAGE });
    expect((await clients.admin.patch(`/api/staff/${added.member.id}`, { active: true })).json<StaffMember>().active).toBe(true);
    expect((await signInAttempt(t.app, added.member.email, password)).statusCode).toBe(200);
  });

  it('gives a new temporary password that replaces the old one', async () => {
    const oldPassword = newPassword();
    const added = await addStaff(clients.admin, { credential: { method: 'password', password: oldPassword } });
    const password = newPassword();
    const reset = await clients.admin.post(`/api/staff/${added.member.id}/reset-password`, { method: 'password', password });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(staffCredentialResultSchema.parse(reset.json())).toMatchObject({ member: { passwordChangeRequired: true, invitationPending: false }, invitationUrl: null });
    expect((await signInAttempt(t.app, added.member.email, oldPassword)).statusCode).toBe(401);
    expect((await signInAttempt(t.app, added.member.email, password)).statusCode).toBe(200);
    const weak = await clients.admin.post(`/api/staff/${added.member.id}/reset-password`, { method: 'password', password: 'password' });
    expect(weak.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['password']);
    expect((await clients.admin.post(`/api/staff/${org.admin.id}/reset-password`, { method: 'invitation' })).statusCode).toBe(409);
  });

  it('keeps e-mails unique under two adds at once', async () => {
    const email = uniqueEmail('twice');
    const results = await Promise.all([clients.admin.post('/api/staff', staffInput({ email })), clients.admin.post('/api/staff', staffInput({ email }))]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});
