import { LAST_ADMIN_MESSAGE, type ErrorBody } from '@caredesk/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { apiAs, createOrganisation, signIn, staffClients, type ApiClient } from '../../test/fixtures.js';
import { addStaff, newPassword } from './test-support.js';

describe.each(bothDrivers)('staff changes at the same time (%s)', (driver) => {
  const t = useTestApp(driver);

  beforeAll(async () => {});

  /** An organisation with two working admins, both signed in. */
  async function twoAdmins(): Promise<{ organisationId: string; first: { id: string; client: ApiClient }; second: { id: string; client: ApiClient } }> {
    const org = await createOrganisation(t.database.db);
    const { admin } = await staffClients(t.app, org);
    const password = newPassword();
    const added = await addStaff(admin, { role: 'ADMIN', credential: { method: 'password', password } });
    const second = apiAs(t.app, (await signIn(t.app, added.member.email, password)).access_token);
    return { organisationId: org.id, first: { id: org.admin.id, client: admin }, second: { id: added.member.id, client: second } };
  }

  async function workingAdmins(organisationId: string): Promise<number> {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.organisationId, organisationId), eq(staff.role, 'ADMIN'), eq(staff.active, true), eq(staff.invitationPending, false)));
    return row?.n ?? 0;
  }

  it('never leaves an organisation without an admin when two admins demote each other at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { organisationId, first, second } = await twoAdmins();
      const replies = await Promise.all([first.client.patch(`/api/staff/${second.id}`, { role: 'WORKER' }), second.client.patch(`/api/staff/${first.id}`, { role: 'WORKER' })]);
      const [won, lost] = [...replies].sort((a, b) => a.statusCode - b.statusCode);
      expect(won!.statusCode).toBe(200);
      // The loser, now a worker, is refused at the role check (403) if it was still to be
      // authorised, or finds the target the last admin under the lock (409).
      expect([403, 409]).toContain(lost!.statusCode);
      if (lost!.statusCode === 409) expect(lost!.json<ErrorBody>().message).toBe(LAST_ADMIN_MESSAGE);
      expect(await workingAdmins(organisationId)).toBe(1);
    }
  });

  it('never leaves an organisation without an admin when two admins deactivate each other at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { organisationId, first, second } = await twoAdmins();
      const replies = await Promise.all([first.client.patch(`/api/staff/${second.id}`, { active: false }), second.client.patch(`/api/staff/${first.id}`, { active: false })]);
      // The first change wins; the other admin is then deactivated (their token refused, 401)
      // or, if already past authentication, finds the target the last admin (409).
      const statuses = replies.map((reply) => reply.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await workingAdmins(organisationId)).toBe(1);
    }
  });

  it('never leaves an organisation without a working admin when two admins re-invite each other at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { organisationId, first, second } = await twoAdmins();
      const replies = await Promise.all([
        first.client.post(`/api/staff/${second.id}/reset-password`, { method: 'invitation' }),
        second.client.post(`/api/staff/${first.id}/reset-password`, { method: 'invitation' }),
      ]);
      const statuses = replies.map((reply) => reply.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // A reset ends the other's sessions: refused at authentication (401) or under the lock (403).
      expect([401, 403]).toContain(statuses[1]);
      expect(await workingAdmins(organisationId)).toBe(1);
    }
  });
});
