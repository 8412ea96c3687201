import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staff } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import {
  addDoctor,
  addPatient,
  createOrganisation,
  EVERY_MORNING,
  patientInput,
  staffClients,
  TEST_PASSWORD,
  uniquePhone,
  upcoming,
  type OrganisationFixture,
} from '../../test/fixtures.js';
import { signInPatient } from '../patient-api/test-support.js';
import { auditEntriesOf, CLIENT_AGENT, CLIENT_IP, clientFrom, signInFrom, type AuditClient } from './test-support.js';

describe.each(drivers)('the audit trail records (%s)', (driver) => {
  const t = useTestApp(driver);

  async function signedInAdmin(): Promise<{ org: OrganisationFixture; admin: AuditClient; token: string }> {
    const org = await createOrganisation(t.database.db, { onlineBooking: {} });
    const token = await signInFrom(t.app, org.admin.email, TEST_PASSWORD);
    return { org, admin: clientFrom(t.app, token), token };
  }

  it('a sign-in: who, which organisation, from where, with the name at the time', async () => {
    const { org } = await signedInAdmin();
    const [entry, ...rest] = await auditEntriesOf(t.database.db, org.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      seq: 1,
      staffId: org.admin.id,
      staffName: 'Asha Admin',
      action: 'sign-in',
      entity: 'auth',
      entityId: null,
      route: 'POST /api/admin/auth',
      statusCode: 200,
      ip: CLIENT_IP,
      userAgent: CLIENT_AGENT,
      prevHash: '0'.repeat(64),
    });
    expect(entry!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates, updates and deletes through the real routes, naming the record and the route pattern', async () => {
    const { org, admin } = await signedInAdmin();
    const created = await admin.post('/api/patients', patientInput());
    expect(created.statusCode).toBe(201);
    const patientId = created.json<{ id: string }>().id;
    expect((await admin.patch(`/api/patients/${patientId}?source=audit-test`, { notes: 'Allergic to penicillin' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/patients/${patientId}`)).statusCode).toBe(204);

    const entries = (await auditEntriesOf(t.database.db, org.id)).slice(1);
    expect(entries.map((e) => [e.seq, e.action, e.entity, e.entityId, e.route, e.statusCode])).toEqual([
      [2, 'create', 'patients', patientId, 'POST /api/patients', 201],
      [3, 'update', 'patients', patientId, 'PATCH /api/patients/:id', 200],
      [4, 'delete', 'patients', patientId, 'DELETE /api/patients/:id', 204],
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ staffId: org.admin.id, staffName: 'Asha Admin', ip: CLIENT_IP, userAgent: CLIENT_AGENT });
    // Never the body: the notes written appear in no field.
    expect(JSON.stringify(entries)).not.toContain('penicillin');
  });

  it("a read of a patient's record and of their chat thread, and of the lists, but not of a doctor list", async () => {
    const { org, admin } = await signedInAdmin();
    const patientId = (await admin.post('/api/patients', patientInput())).json<{ id: string }>().id;
    expect((await admin.get(`/api/patients/${patientId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/chats/${patientId}`)).statusCode).toBe(200);
    expect((await admin.get('/api/patients?search=Sunita')).statusCode).toBe(200);
    expect((await admin.get('/api/chats')).statusCode).toBe(200);
    expect((await admin.get('/api/doctors')).statusCode).toBe(200);

    const entries = (await auditEntriesOf(t.database.db, org.id)).slice(2);
    expect(entries.map((e) => [e.action, e.entity, e.entityId, e.route])).toEqual([
      ['read', 'patients', patientId, 'GET /api/patients/:id'],
      ['read', 'chats', patientId, 'GET /api/chats/:patientId'],
      ['search', 'patients', null, 'GET /api/patients'],
      ['list', 'chats', null, 'GET /api/chats'],
    ]);
  });

  it('nothing for a failed write or an anonymous call; a denied request to patient data as a security event', async () => {
    const { org, admin } = await signedInAdmin();
    const other = await createOrganisation(t.database.db, { onlineBooking: {} });
    const otherToken = await signInFrom(t.app, other.admin.email, TEST_PASSWORD);
    const theirPatient = (await clientFrom(t.app, otherToken).post('/api/patients', patientInput())).json<{ id: string }>().id;

    expect((await admin.post('/api/patients', { ...patientInput(), phone: 'not a phone' })).statusCode).toBe(400);
    expect((await admin.get(`/api/patients/${theirPatient}`)).statusCode).toBe(404);
    expect((await admin.patch(`/api/patients/${theirPatient}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await clientFrom(t.app, undefined).post('/api/patients', patientInput())).statusCode).toBe(401);
    expect((await clientFrom(t.app, undefined).post('/api/admin/auth', { email: org.admin.email, password: 'wrong-password' })).statusCode).toBe(401);

    const entries = await auditEntriesOf(t.database.db, org.id);
    expect(entries.map((e) => [e.action, e.entityId, e.route, e.statusCode, e.details])).toEqual([
      ['sign-in', null, 'POST /api/admin/auth', 200, null],
      ['denied', theirPatient, 'GET /api/patients/:id', 404, '{"denied":"not-found"}'],
      ['denied', theirPatient, 'PATCH /api/patients/:id', 404, '{"denied":"not-found"}'],
    ]);
    // The other organisation learns nothing of the attempt on its record.
    expect((await auditEntriesOf(t.database.db, other.id)).map((e) => e.action)).toEqual(['sign-in', 'create']);
  });

  it('an export, an action on a record as an update, and the sign-out', async () => {
    const { org, admin } = await signedInAdmin();
    const patientId = (await admin.post('/api/patients', patientInput())).json<{ id: string }>().id;
    expect((await admin.get('/api/patients/export.csv?search=Sunita')).statusCode).toBe(200);
    expect((await admin.post(`/api/chats/${patientId}/read`)).statusCode).toBe(200);
    expect((await admin.patch('/api/notifications/read/all', {})).statusCode).toBeLessThan(400);
    expect((await admin.post('/api/auth/logout')).statusCode).toBe(204);

    const entries = (await auditEntriesOf(t.database.db, org.id)).slice(2);
    expect(entries.map((e) => [e.action, e.entity, e.entityId, e.route])).toEqual([
      ['export', 'patients', null, 'GET /api/patients/export.csv'],
      ['update', 'chats', patientId, 'POST /api/chats/:patientId/read'],
      ['update', 'notifications', null, 'PATCH /api/notifications/read/all'],
      ['sign-out', 'auth', null, 'POST /api/auth/logout'],
    ]);
  });

  it('a new staff member by id, and their sign-in through the invitation link', async () => {
    const { org, admin } = await signedInAdmin();
    const invited = await admin.post('/api/staff', { name: 'Farah Khan', email: `farah-${org.id.slice(0, 8)}@test.example`, role: 'WORKER', credential: { method: 'invitation' } });
    expect(invited.statusCode).toBe(201);
    const { member, invitationUrl } = invited.json<{ member: { id: string }; invitationUrl: string }>();
    const token = invitationUrl.split('/invite/')[1]!;
    const accepted = await clientFrom(t.app, undefined).post(`/api/invitations/${token}/accept`, { password: 'Farah@pass-2026' });
    expect(accepted.statusCode).toBe(200);

    const entries = (await auditEntriesOf(t.database.db, org.id)).slice(1);
    expect(entries.map((e) => [e.staffName, e.action, e.entity, e.entityId, e.route])).toEqual([
      ['Asha Admin', 'create', 'staff', member.id, 'POST /api/staff'],
      ['Farah Khan', 'sign-in', 'auth', null, 'POST /api/invitations/:token/accept'],
    ]);
    expect(entries[1]!.staffId).toBe(member.id);
  });

  it('keeps the name a person had when they acted, after they are renamed', async () => {
    const { org, admin } = await signedInAdmin();
    await t.database.db.update(staff).set({ name: 'Asha Rao' }).where(eq(staff.id, org.admin.id));
    await admin.post('/api/patients', patientInput());
    expect((await auditEntriesOf(t.database.db, org.id)).map((e) => e.staffName)).toEqual(['Asha Admin', 'Asha Rao']);
  });

  it("the patient app's bookings and cancels, by the app account's phone, in the organisation booked with", async () => {
    const org = await createOrganisation(t.database.db, { onlineBooking: {} });
    const { admin } = await staffClients(t.app, org);
    const doctor = await addDoctor(admin, { availability: EVERY_MORNING });
    const patient = await signInPatient(t);
    const slots = (await patient.get(`/api/patient/organisations/${org.id}/doctors/${doctor.id}/slots?date=${upcoming(2)}`)).json<{ slots: { start: string }[] }>();
    const booked = await patient.post('/api/patient/appointments', {
      organisationId: org.id,
      doctorId: doctor.id,
      date: upcoming(2),
      startTime: slots.slots[0]!.start,
      patient: { name: 'Kiran Patil', gender: 'FEMALE' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json<{ id: string }>().id;
    expect((await patient.post(`/api/patient/appointments/${appointmentId}/cancel`, { reason: 'Travelling' })).statusCode).toBe(200);
    // A refused write changes nothing and records nothing.
    expect((await patient.post(`/api/patient/appointments/${appointmentId}/cancel`, {})).statusCode).toBe(409);

    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.staffId === null);
    expect(entries.map((e) => [e.staffName, e.action, e.entity, e.entityId, e.route])).toEqual([
      [`Patient app (${patient.phone})`, 'create', 'appointments', appointmentId, 'POST /api/patient/appointments'],
      [`Patient app (${patient.phone})`, 'update', 'appointments', appointmentId, 'POST /api/patient/appointments/:id/cancel'],
    ]);
  });

  it("the patient app's chat messages and reads, as the console's chat writes are, and nothing for a retried message", async () => {
    const org = await createOrganisation(t.database.db, { onlineBooking: {} });
    const { admin } = await staffClients(t.app, org);
    const phone = uniquePhone();
    const record = await addPatient(admin, { name: 'Sunita Pawar', phone });
    const patient = await signInPatient(t, phone);
    const clientId = randomUUID();
    const started = await patient.post('/api/patient/chats', { organisationId: org.id, text: 'Is the lab open on Sunday?', clientId });
    expect(started.statusCode, started.body).toBe(201);
    const { conversationId } = started.json<{ conversationId: string }>();
    // The app sending the same message again after a dropped reply writes nothing new.
    expect((await patient.post(`/api/patient/chats/${conversationId}/messages`, { text: 'Is the lab open on Sunday?', clientId })).statusCode).toBe(200);
    expect((await patient.post(`/api/patient/chats/${conversationId}/messages`, { text: 'And on holidays?' })).statusCode).toBe(201);
    expect((await admin.post(`/api/chats/${record.id}/messages`, { text: 'Sundays 9 to 1.' })).statusCode).toBe(201);
    expect((await patient.post(`/api/patient/chats/${conversationId}/read`, {})).statusCode).toBe(200);
    // Nothing left unread: no change, no entry.
    expect((await patient.post(`/api/patient/chats/${conversationId}/read`, {})).statusCode).toBe(200);

    const entries = (await auditEntriesOf(t.database.db, org.id)).filter((entry) => entry.entity === 'chats');
    const app = `Patient app (${patient.phone})`;
    expect(entries.map((e) => [e.staffName, e.action, e.entityId, e.route])).toEqual([
      [app, 'create', record.id, 'POST /api/patient/chats'],
      [app, 'create', record.id, 'POST /api/patient/chats/:conversationId/messages'],
      ['Asha Admin', 'create', record.id, 'POST /api/chats/:patientId/messages'],
      [app, 'update', record.id, 'POST /api/patient/chats/:conversationId/read'],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Sunday');
  });
});
