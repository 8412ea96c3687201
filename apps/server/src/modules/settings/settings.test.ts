import { INACTIVITY_DEFAULT_MINUTES, organisationProfileSchema, sessionUserSchema, type ErrorBody, type OrganisationProfile } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('organisation settings (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let clients: { admin: ApiClient; worker: ApiClient };

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    clients = await staffClients(t.app, org);
  });

  const profile = async (client: ApiClient = clients.admin) => {
    const response = await client.get('/api/settings/organisation');
    expect(response.statusCode, response.body).toBe(200);
    return organisationProfileSchema.parse(response.json());
  };

  it('shows the profile with the default idle sign-out of 30 minutes', async () => {
    const shown = await profile();
    expect(shown).toMatchObject({ id: org.id, name: org.name, type: 'HOSPITAL', inactivityMinutes: INACTIVITY_DEFAULT_MINUTES });
    expect(INACTIVITY_DEFAULT_MINUTES).toBe(30);
  });

  it('changes only the fields sent, and keeps the type fixed', async () => {
    const before = await profile();
    const response = await clients.admin.patch('/api/settings/organisation', { city: 'Pune', pincode: '411001', inactivityMinutes: 45, type: 'SCAN' });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<OrganisationProfile>();
    expect(after).toEqual({ ...before, city: 'Pune', pincode: '411001', inactivityMinutes: 45 });
    expect(await profile()).toEqual(after);

    const cleared = await clients.admin.patch('/api/settings/organisation', { city: '  ', phone: null });
    expect(cleared.json<OrganisationProfile>()).toMatchObject({ city: null, phone: null, pincode: '411001', inactivityMinutes: 45 });
  });

  it('puts a new logo in the header at once: GET /api/me carries it as admin.logoUrl', async () => {
    const logoUrl = '/uploads/public/logo-test.png';
    expect((await clients.admin.patch('/api/settings/organisation', { logoUrl })).statusCode).toBe(200);
    for (const client of [clients.admin, clients.worker]) {
      const me = sessionUserSchema.parse((await client.get('/api/me')).json());
      expect(me.admin.logoUrl).toBe(logoUrl);
    }
    expect((await clients.admin.patch('/api/settings/organisation', { logoUrl: null })).json<OrganisationProfile>().logoUrl).toBeNull();
    expect(sessionUserSchema.parse((await clients.worker.get('/api/me')).json()).admin.logoUrl).toBeNull();
  });

  it("gives the console the organisation's time zone in the session user, for its 'today'", async () => {
    const zoneOf = async () => (await clients.worker.get('/api/me')).json<{ admin: { timeZone?: string } }>().admin.timeZone;
    expect(await zoneOf()).toBe('Asia/Kolkata');
    expect((await clients.admin.patch('/api/settings/organisation', { timeZone: 'Asia/Dubai' })).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Asia/Dubai');
    expect((await clients.admin.patch('/api/settings/organisation', { timeZone: 'Asia/Kolkata' })).statusCode).toBe(200);
  });

  it('refuses idle sign-out times outside 5-480 minutes, naming the field, and changes nothing', async () => {
    const before = await profile();
    for (const inactivityMinutes of [4, 481, 30.5]) {
      const response = await clients.admin.patch('/api/settings/organisation', { inactivityMinutes, city: 'Nashik' });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['inactivityMinutes']);
    }
    for (const inactivityMinutes of [5, 480]) {
      expect((await clients.admin.patch('/api/settings/organisation', { inactivityMinutes })).json<OrganisationProfile>().inactivityMinutes).toBe(inactivityMinutes);
    }
    expect((await profile()).city).toBe(before.city);
  });

  it('answers 400 naming each bad field', async () => {
    const response = await clients.admin.patch('/api/settings/organisation', { name: 'x', email: 'nope', pincode: '12', timeZone: 'Mars/Olympus' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<ErrorBody>()
        .issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['email', 'name', 'pincode', 'timeZone']);
  });

  it('is for administrators only, even where the worker menu shows Settings', async () => {
    const scan = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' }));
    for (const worker of [clients.worker, scan.worker]) {
      expect((await worker.get('/api/settings/organisation')).statusCode).toBe(403);
      expect((await worker.patch('/api/settings/organisation', { city: 'Thane' })).statusCode).toBe(403);
    }
  });

  it('changes the caller organisation only', async () => {
    const other = await staffClients(t.app, await createOrganisation(t.database.db));
    const otherBefore = await profile(other.admin);
    await clients.admin.patch('/api/settings/organisation', { name: 'Sahyadri Care' });
    expect(await profile(other.admin)).toEqual(otherBefore);
    expect((await profile()).name).toBe('Sahyadri Care');
  });
});
