import { dashboardSchema, organisationProfileSchema } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { apiAs, bearer, createOrganisation, signIn } from '../../test/fixtures.js';
import { addStaff, newPassword } from '../staff/test-support.js';

describe.each(drivers)('authorisation from the navigation table (%s)', (driver) => {
  const t = useTestApp(driver);

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

  it('gives a hospital admin the dashboard and the organisation settings', async () => {
    const org = await createOrganisation(t.database.db, { walletPaise: 123_456, planEndsInDays: 30 });
    const { access_token } = await signIn(t.app, org.admin.email);

    const dashboard = await get('/api/dashboard', access_token);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboardSchema.parse(dashboard.json())).toMatchObject({ wallet: { balance: 1234.56, showWallet: true }, plan: { isActive: true, name: 'Test Plan' }, bookings: null });

    const settings = await get('/api/settings/organisation', access_token);
    expect(settings.statusCode).toBe(200);
    expect(organisationProfileSchema.parse(settings.json())).toMatchObject({ id: org.id, name: org.name, type: 'HOSPITAL', facilities: [{ name: org.name }] });
  });

  it('refuses a hospital worker the dashboard and settings, which its menu lacks', async () => {
    const org = await createOrganisation(t.database.db);
    const { access_token } = await signIn(t.app, org.worker.email);
    for (const url of ['/api/dashboard', '/api/settings/organisation']) {
      const response = await get(url, access_token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
  });

  it('still lets that worker read plan status, wallet, notifications and its own profile', async () => {
    const org = await createOrganisation(t.database.db);
    const { access_token } = await signIn(t.app, org.worker.email);
    for (const url of ['/api/plan/current', '/api/wallet', '/api/notifications/all', '/api/me']) {
      expect((await get(url, access_token)).statusCode, url).toBe(200);
    }
  });

  it('gives a scan worker the dashboard (its menu has it) but not the admin-only settings', async () => {
    const org = await createOrganisation(t.database.db, { type: 'SCAN' });
    const { access_token } = await signIn(t.app, org.worker.email);
    expect((await get('/api/dashboard', access_token)).statusCode).toBe(200);
    expect((await get('/api/settings/organisation', access_token)).statusCode).toBe(403);
  });

  // Through the app, which announces both (lib/auth.ts remembers checked tokens for a few seconds).
  it('applies a role change and a deactivation at once, without waiting for the token to expire', async () => {
    const org = await createOrganisation(t.database.db);
    const admin = apiAs(t.app, (await signIn(t.app, org.admin.email)).access_token);
    const password = newPassword();
    const { member } = await addStaff(admin, { role: 'ADMIN', credential: { method: 'password', password } });
    const { access_token } = await signIn(t.app, member.email, password);
    expect((await get('/api/dashboard', access_token)).statusCode).toBe(200);
    expect((await admin.patch(`/api/staff/${member.id}`, { role: 'WORKER' })).statusCode).toBe(200);
    expect((await get('/api/dashboard', access_token)).statusCode).toBe(403);
    expect((await admin.patch(`/api/staff/${member.id}`, { active: false })).statusCode).toBe(200);
    expect((await get('/api/me', access_token)).statusCode).toBe(401);
  });

  it('rejects the token of a deleted organisation', async () => {
    const org = await createOrganisation(t.database.db);
    const { access_token } = await signIn(t.app, org.admin.email);
    await t.database.db.delete(organisations).where(eq(organisations.id, org.id));
    expect((await get('/api/me', access_token)).statusCode).toBe(401);
  });
});
