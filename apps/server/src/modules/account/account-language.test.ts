import { accountSchema, sessionUserSchema, type Account, type ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { apiAs, createOrganisation, signIn, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { addStaff, newPassword } from '../staff/test-support.js';

describe.each(drivers)('the console language on the account (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let clients: { admin: ApiClient; worker: ApiClient };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    clients = await staffClients(t.app, org);
  });

  /** A new member with a password, signed in: their session answer and an API client. */
  async function newMember(admin: ApiClient) {
    const password = newPassword();
    const { member } = await addStaff(admin, { credential: { method: 'password', password } });
    const session = await signIn(t.app, member.email, password);
    return { session, password, api: apiAs(t.app, session.access_token) };
  }

  it('is English for an organisation that set no default, in GET /api/me and GET /api/account', async () => {
    expect(sessionUserSchema.parse((await clients.worker.get('/api/me')).json()).language).toBe('en');
    expect(accountSchema.parse((await clients.worker.get('/api/account')).json()).language).toBe('en');
  });

  it('is saved by PATCH /api/account and follows the person to their next sign-in', async () => {
    const { api, session, password } = await newMember(clients.admin);
    const saved = await api.patch('/api/account', { language: 'kn' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Account>().language).toBe('kn');
    expect((await api.get('/api/me')).json<{ language: string }>().language).toBe('kn');
    // Another browser: the sign-in answer carries the language before any other request.
    expect((await signIn(t.app, session.user.email, password)).user.language).toBe('kn');
    // Changing the language leaves the rest of the account as it was.
    expect((await api.patch('/api/account', { language: 'ta' })).json<Account>()).toMatchObject({ language: 'ta', name: session.user.name, email: session.user.email });
  });

  it('answers 400 naming language for a language CareDesk does not speak, and keeps the old one', async () => {
    const { api } = await newMember(clients.admin);
    await api.patch('/api/account', { language: 'hi' });
    for (const language of ['fr', 'HI', '', 5, null]) {
      const response = await api.patch('/api/account', { language });
      expect(response.statusCode, JSON.stringify(language)).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['language']);
    }
    expect((await api.get('/api/account')).json<Account>().language).toBe('hi');
  });

  it("gives new staff the organisation's default language, which only an admin sets", async () => {
    const own = await createOrganisation(t.database.db);
    const ownClients = await staffClients(t.app, own);
    expect((await ownClients.worker.patch('/api/messages/settings', { defaultLanguage: 'hi' })).statusCode).toBe(403);
    const set = await ownClients.admin.patch('/api/messages/settings', { defaultLanguage: 'hi' });
    expect(set.statusCode, set.body).toBe(200);

    const { session, api } = await newMember(ownClients.admin);
    expect(session.user.language).toBe('hi');
    expect((await api.get('/api/account')).json<Account>().language).toBe('hi');
    // Staff who were there before keep their own choice; another organisation is untouched.
    expect((await ownClients.worker.get('/api/me')).json<{ language: string }>().language).toBe('en');
    expect((await newMember(clients.admin)).session.user.language).toBe('en');
  });
});
