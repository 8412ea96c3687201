import { auditEventSchema, paginatedSchema, todayIn } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, patientInput, TEST_PASSWORD } from '../../test/fixtures.js';
import { auditEntriesOf, clientFrom, signInFrom } from './test-support.js';
import { auditWritesSettled } from './hook.js';

const page = paginatedSchema(auditEventSchema);

describe.each(drivers)('the audit log for admins (%s)', (driver) => {
  const t = useTestApp(driver);

  /** An organisation whose admin signed in and wrote a patient, and whose worker read it. */
  async function organisationWithHistory() {
    const org = await createOrganisation(t.database.db);
    const adminToken = await signInFrom(t.app, org.admin.email, TEST_PASSWORD);
    const admin = clientFrom(t.app, adminToken);
    const worker = clientFrom(t.app, await signInFrom(t.app, org.worker.email, TEST_PASSWORD), '198.51.100.20');
    const patientId = (await admin.post('/api/patients', patientInput({ name: 'Ravi, "Kumar"' }))).json<{ id: string }>().id;
    await worker.get(`/api/patients/${patientId}`);
    await auditWritesSettled(t.database.db);
    return { org, admin, adminToken, worker, patientId };
  }

  async function list(client: ReturnType<typeof clientFrom>, query = '') {
    const response = await client.get(`/api/audit${query}`);
    expect(response.statusCode).toBe(200);
    return page.parse(response.json());
  }

  it('lists the organisation’s entries newest first, and reading it records nothing', async () => {
    const { org, admin, patientId } = await organisationWithHistory();
    const body = await list(admin);
    expect(body.total).toBe(4);
    expect(body.data.map((e) => [e.seq, e.action, e.staffName])).toEqual([
      [4, 'read', 'Wasim Worker'],
      [3, 'create', 'Asha Admin'],
      [2, 'sign-in', 'Wasim Worker'],
      [1, 'sign-in', 'Asha Admin'],
    ]);
    expect(body.data[0]).toMatchObject({ entity: 'patients', entityId: patientId, route: 'GET /api/patients/:id', ip: '198.51.100.20', statusCode: 200 });
    await list(admin, '?page=2&pageSize=2');
    expect(await auditEntriesOf(t.database.db, org.id)).toHaveLength(4);
  });

  it('filters by person, action, entity and dates in the organisation’s time zone, and pages', async () => {
    const { org, admin } = await organisationWithHistory();
    expect((await list(admin, `?staffId=${org.worker.id}`)).data.map((e) => e.action)).toEqual(['read', 'sign-in']);
    expect((await list(admin, '?action=sign-in')).data.map((e) => e.staffId)).toEqual([org.worker.id, org.admin.id]);
    expect((await list(admin, '?entity=patients')).data.map((e) => e.action)).toEqual(['read', 'create']);
    expect((await list(admin, '?entity=patients&action=create')).total).toBe(1);

    const today = todayIn('Asia/Kolkata');
    const yesterday = todayIn('Asia/Kolkata', new Date(Date.now() - 24 * 60 * 60 * 1000));
    expect((await list(admin, `?from=${today}&to=${today}`)).total).toBe(4);
    expect((await list(admin, `?to=${yesterday}`)).total).toBe(0);

    const second = await list(admin, '?page=2&pageSize=3&order=asc');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.data.map((e) => e.seq)).toEqual([4]);
  });

  it('answers 400 naming each bad filter', async () => {
    const { admin } = await organisationWithHistory();
    const response = await admin.get('/api/audit?action=shred&from=yesterday&staffId=42');
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path);
    expect(fields.sort()).toEqual(['action', 'from', 'staffId']);
  });

  it('exports the filtered entries as CSV, and the export is itself recorded', async () => {
    const { org, admin, patientId } = await organisationWithHistory();
    const response = await admin.get('/api/audit/export.csv?entity=patients');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Entry,When (UTC),Staff id,Who,Action,Entity,Record id,Route,Status,From (IP),User agent,Details,Hash');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`4,`);
    expect(lines[1]).toContain(`,Wasim Worker,read,patients,${patientId},GET /api/patients/:id,200,198.51.100.20,`);
    expect(lines[2]).toContain(`,Asha Admin,create,patients,${patientId},POST /api/patients,201,`);

    const last = (await auditEntriesOf(t.database.db, org.id)).at(-1);
    expect(last).toMatchObject({ action: 'export', entity: 'audit', route: 'GET /api/audit/export.csv', staffId: org.admin.id });
    expect(JSON.parse(last!.details!)).toMatchObject({ filters: { entity: 'patients', order: 'desc' } });
  });

  it("another organisation's entries are invisible, and a worker is refused", async () => {
    const { admin, worker } = await organisationWithHistory();
    const other = await organisationWithHistory();
    const ours = await list(admin);
    const theirs = await list(other.admin);
    expect(theirs.total).toBe(4);
    const ourIds = new Set(ours.data.map((e) => e.id));
    expect(theirs.data.filter((e) => ourIds.has(e.id))).toEqual([]);
    expect((await list(other.admin, `?staffId=${ours.data[0]!.staffId!}`)).total).toBe(0);

    for (const url of ['/api/audit', '/api/audit/export.csv', '/api/audit/verify']) {
      expect((await worker.get(url)).statusCode).toBe(403);
      expect((await clientFrom(t.app, undefined).get(url)).statusCode).toBe(401);
    }
  });

  it('offers no way to edit or delete an entry', async () => {
    const { admin, adminToken } = await organisationWithHistory();
    const [entry] = (await list(admin)).data;
    for (const method of ['PATCH', 'PUT', 'DELETE', 'POST'] as const) {
      for (const url of [`/api/audit/${entry!.id}`, '/api/audit']) {
        const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${adminToken}` }, payload: { entity: 'x' } });
        expect(response.statusCode).toBe(404);
      }
    }
    expect((await list(admin)).data[0]).toEqual(entry);
  });
});
