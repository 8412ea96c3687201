import { auditEventSchema, CHAT_PAGE_SIZE, paginatedSchema, type AuditDetails } from '@caredesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, doctorInput, EVERY_MORNING, patientInput, TEST_PASSWORD, upcoming } from '../../test/fixtures.js';
import { auditEntriesOf, clientFrom, signInFrom } from './test-support.js';

const auditPage = paginatedSchema(auditEventSchema);

describe.each(drivers)('reads of patient data in the audit trail (%s)', (driver) => {
  const t = useTestApp(driver);

  /** A hospital's worker has no Chats in the menu; a multi-hospital's admin has appointments, bookings and chats. */
  async function signedIn(type: 'HOSPITAL' | 'MULTIHOSPITAL' = 'HOSPITAL') {
    const org = await createOrganisation(t.database.db, { type });
    const token = await signInFrom(t.app, org.admin.email, TEST_PASSWORD);
    const workerToken = await signInFrom(t.app, org.worker.email, TEST_PASSWORD);
    return { org, token, admin: clientFrom(t.app, token), worker: clientFrom(t.app, workerToken) };
  }

  /** The entries after the sign-ins, as [action, entity, entityId, route, details]. */
  async function readsOf(organisationId: string) {
    const entries = (await auditEntriesOf(t.database.db, organisationId)).filter((entry) => entry.action !== 'sign-in');
    return entries.map((entry) => [entry.action, entry.entity, entry.entityId, entry.route, entry.details === null ? null : (JSON.parse(entry.details) as AuditDetails)]);
  }

  it('a page of up to 200 patients: its filter and count, and that it searched, never the search text', async () => {
    const { org, admin } = await signedIn();
    const phones: string[] = [];
    for (const name of ['Sunita Pawar', 'Sunita Rao', 'Sunil Kumar']) {
      const created = await admin.post('/api/patients', patientInput({ name, notes: 'HIV+ follow-up', address: '12 Station Road' }));
      phones.push(created.json<{ phone: string }>().phone);
    }
    const byName = await admin.get('/api/patients?pageSize=200&search=Sunita&gender=FEMALE');
    expect(byName.json<{ data: unknown[] }>().data).toHaveLength(2);
    const digits = phones[2]!.slice(-7);
    expect((await admin.get(`/api/patients?search=${digits}`)).json<{ data: unknown[] }>().data).toHaveLength(1);
    expect((await admin.get('/api/patients?ageBand=18-40&sort=createdAt&order=desc')).statusCode).toBe(200);

    const reads = (await readsOf(org.id)).filter(([action]) => action !== 'create');
    expect(reads).toEqual([
      ['search', 'patients', null, 'GET /api/patients', { count: 2, filters: { gender: 'FEMALE', order: 'asc', page: '1', pageSize: '200', sort: 'name' }, search: 'name' }],
      ['search', 'patients', null, 'GET /api/patients', { count: 1, filters: { order: 'asc', page: '1', pageSize: '25', sort: 'name' }, search: 'phone' }],
      ['list', 'patients', null, 'GET /api/patients', { count: 0, filters: { ageBand: '18-40', order: 'desc', page: '1', pageSize: '25', sort: 'createdAt' } }],
    ]);
    const stored = JSON.stringify(await auditEntriesOf(t.database.db, org.id));
    for (const secret of ['Sunita', 'Sunil', digits, 'HIV', 'Station']) expect(stored).not.toContain(secret);
  });

  it('the appointment, booking and chat lists, the token queues, the header search and the phone check, each with its count', async () => {
    const { org, admin } = await signedIn('MULTIHOSPITAL');
    const patient = (await admin.post('/api/patients', patientInput({ name: 'Meera Iyer' }))).json<{ id: string; phone: string }>();
    const answers = await Promise.all(
      [
        '/api/appointments?status=BOOKED,CHECKED_IN&from=2026-01-01',
        `/api/bookings?patientId=${patient.id}`,
        '/api/chats?unread=true&search=Meera',
        '/api/search?q=Meera',
        '/api/tokens/doctors',
      ].map(async (url) => (await admin.get(url)).statusCode),
    );
    // The phone check is a POST (the number stays out of the URL) and still a read.
    answers.push((await admin.post('/api/patients/matches', { phone: patient.phone })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);

    const reads = (await readsOf(org.id)).filter(([action]) => action !== 'create');
    const byRoute = new Map(reads.map((read) => [read[3], read]));
    expect(byRoute.get('GET /api/appointments')).toEqual([
      'list',
      'appointments',
      null,
      'GET /api/appointments',
      { count: 0, filters: { from: '2026-01-01', order: 'asc', page: '1', pageSize: '25', sort: 'date', status: 'BOOKED,CHECKED_IN' } },
    ]);
    expect(byRoute.get('GET /api/bookings')).toEqual([
      'list',
      'bookings',
      null,
      'GET /api/bookings',
      { count: 0, filters: { order: 'asc', page: '1', pageSize: '25', patientId: patient.id, sort: 'date' } },
    ]);
    expect(byRoute.get('GET /api/chats')).toEqual([
      'search',
      'chats',
      null,
      'GET /api/chats',
      { count: 0, filters: { limit: String(CHAT_PAGE_SIZE), unread: 'true' }, search: 'name' },
    ]);
    expect(byRoute.get('GET /api/search')).toEqual(['search', 'search', null, 'GET /api/search', { count: 1, filters: { limit: '8' }, search: 'name' }]);
    expect(byRoute.get('GET /api/tokens/:kind')).toEqual(['list', 'tokens', null, 'GET /api/tokens/:kind', { count: 0 }]);
    expect(byRoute.get('POST /api/patients/matches')).toEqual(['search', 'patients', null, 'POST /api/patients/matches', { count: 1, search: 'phone' }]);
    const stored = JSON.stringify(await auditEntriesOf(t.database.db, org.id));
    expect(stored).not.toContain('Meera');
    expect(stored).not.toContain(patient.phone.slice(-9));
  });

  it('the dashboard and the notifications, whose upcoming visits and notices name patients, with their counts', async () => {
    const { org, admin } = await signedIn();
    const doctor = (await admin.post('/api/doctors', doctorInput({ availability: EVERY_MORNING }))).json<{ id: string }>();
    const patient = (await admin.post('/api/patients', patientInput({ name: 'Kavya Menon' }))).json<{ id: string }>();
    const booked = await admin.post('/api/appointments', { doctorId: doctor.id, patientId: patient.id, date: upcoming(3), startTime: '09:00' });
    expect(booked.statusCode).toBe(201);
    expect((await admin.get('/api/dashboard')).json<{ upcoming: unknown[] }>().upcoming).toHaveLength(1);
    expect((await admin.get('/api/notifications/all?tab=new')).json<{ data: unknown[] }>().data).toHaveLength(1);

    const byRoute = new Map((await readsOf(org.id)).map((read) => [read[3], read]));
    expect(byRoute.get('GET /api/dashboard')).toEqual(['list', 'dashboard', null, 'GET /api/dashboard', { count: 1 }]);
    expect(byRoute.get('GET /api/notifications/all')).toEqual([
      'list',
      'notifications',
      null,
      'GET /api/notifications/all',
      { count: 1, filters: expect.objectContaining({ tab: 'new' }) },
    ]);
    expect(JSON.stringify(await auditEntriesOf(t.database.db, org.id))).not.toContain('Kavya');
  });

  it('a request refused for want of the area, and one for a signed-out session, as security events', async () => {
    const { org, token, admin, worker } = await signedIn();
    expect((await worker.get('/api/chats')).statusCode).toBe(403);
    expect((await admin.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await clientFrom(t.app, token).get('/api/patients?pageSize=200')).statusCode).toBe(401);

    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.action === 'denied');
    expect(entries.map((entry) => [entry.staffId, entry.route, entry.statusCode, entry.details])).toEqual([
      [org.worker.id, 'GET /api/chats', 403, '{"denied":"forbidden"}'],
      [org.admin.id, 'GET /api/patients', 401, '{"denied":"unauthenticated"}'],
    ]);
  });

  it('an anonymous or forged call writes nothing (it names no organisation it could be charged to)', async () => {
    const { org } = await signedIn();
    const before = (await auditEntriesOf(t.database.db, org.id)).length;
    expect((await clientFrom(t.app, undefined).get('/api/patients')).statusCode).toBe(401);
    expect((await clientFrom(t.app, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged').get('/api/patients')).statusCode).toBe(401);
    expect(await auditEntriesOf(t.database.db, org.id)).toHaveLength(before);
  });

  it('lets the admin filter the audit log to security events', async () => {
    const { org, admin, worker } = await signedIn();
    expect((await worker.get('/api/chats?search=Meera')).statusCode).toBe(403);
    expect((await admin.get('/api/patients')).statusCode).toBe(200);
    await auditEntriesOf(t.database.db, org.id);

    const response = await admin.get('/api/audit?action=denied');
    expect(response.statusCode).toBe(200);
    const { data } = auditPage.parse(response.json());
    expect(data.map((event) => [event.staffName, event.action, event.route, event.details])).toEqual([['Wasim Worker', 'denied', 'GET /api/chats', { denied: 'forbidden' }]]);
    const listed = auditPage.parse((await admin.get('/api/audit?action=list')).json()).data;
    expect(listed.map((event) => event.details)).toEqual([{ count: 0, filters: { order: 'asc', page: '1', pageSize: '25', sort: 'name' } }]);
  });
});
