import { SLUG_TAKEN_MESSAGE, slugFromName, type ErrorBody, type OrganisationProfile } from '@caredesk/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organisationSlugs } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

const uniqueSlug = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

describe('slugFromName', () => {
  it('makes a readable address of a name', () => {
    expect(slugFromName('City Care Hospital')).toBe('city-care-hospital');
    expect(slugFromName('  Lotus Diagnostics & Imaging!  ')).toBe('lotus-diagnostics-imaging');
    expect(slugFromName('Clínica São José')).toBe('clinica-sao-jose');
    expect(slugFromName('AB')).toBe('organisation-ab');
    expect(slugFromName('Admin')).toBe('organisation-admin');
    expect(slugFromName('सरस्वती')).toBe('organisation');
    expect(slugFromName('x'.repeat(80))).toHaveLength(50);
  });
});

describe.each(drivers)('the organisation public address, its slug (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db);
    ({ admin } = await staffClients(t.app, org));
  });

  const changeSlug = (slug: unknown, client = admin) => client.patch('/api/settings/organisation', { slug });
  const pathsOf = (response: { json<T>(): T }) => response.json<ErrorBody>().issues?.map((issue) => issue.path);

  it('is shown in the organisation settings, made from the name', async () => {
    const profile = (await admin.get('/api/settings/organisation')).json<OrganisationProfile>();
    expect(profile.slug).toBe(org.slug);
    expect(org.slug).toBe(slugFromName(org.name));
  });

  it('changes, and the old one stays the organisation’s', async () => {
    const slug = uniqueSlug('sahyadri-care');
    const response = await changeSlug(slug);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrganisationProfile>().slug).toBe(slug);
    const owned = await t.database.db.select({ slug: organisationSlugs.slug }).from(organisationSlugs).where(eq(organisationSlugs.organisationId, org.id));
    expect(owned.map((row) => row.slug).sort()).toEqual([org.slug, slug].sort());
    // Taking its own old slug back is allowed.
    expect((await changeSlug(org.slug)).json<OrganisationProfile>().slug).toBe(org.slug);
  });

  it('refuses a slug another organisation has, or ever had (409 naming slug), and changes nothing sent with it', async () => {
    const other = await createOrganisation(t.database.db);
    const otherAdmin = (await staffClients(t.app, other)).admin;
    const before = (await admin.get('/api/settings/organisation')).json<OrganisationProfile>();
    const taken = await admin.patch('/api/settings/organisation', { slug: other.slug, city: 'Satara' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>()).toMatchObject({ message: SLUG_TAKEN_MESSAGE, issues: [{ path: 'slug' }] });
    expect(await admin.get('/api/settings/organisation').then((r) => r.json<OrganisationProfile>())).toEqual(before);

    const former = other.slug;
    expect((await changeSlug(uniqueSlug('renamed'), otherAdmin)).statusCode).toBe(200);
    const stillTaken = await changeSlug(former);
    expect(stillTaken.statusCode).toBe(409);
    expect(pathsOf(stillTaken)).toEqual(['slug']);
  });

  it('refuses malformed and reserved slugs with 400 naming slug', async () => {
    for (const slug of [
      'ab',
      'x'.repeat(61),
      'City-Care',
      'city_care',
      'city care',
      '-city',
      'city-',
      'city--care',
      'api',
      'admin',
      'login',
      'static',
      'assets',
      'visits',
      'chats',
      12,
    ]) {
      const response = await changeSlug(slug);
      expect(response.statusCode, String(slug)).toBe(400);
      expect(pathsOf(response)).toEqual(['slug']);
    }
  });

  it('lets one organisation win when two claim a slug at the same moment', async () => {
    const rivals = await Promise.all([createOrganisation(t.database.db), createOrganisation(t.database.db)]);
    const clients = await Promise.all(rivals.map((rival) => staffClients(t.app, rival)));
    const slug = uniqueSlug('same-moment');
    const answers = await Promise.all(clients.map(({ admin: client }) => changeSlug(slug, client)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
