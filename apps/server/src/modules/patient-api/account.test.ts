import { patientAccountSchema, patientSessionSchema, type ErrorBody } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addDoctor, addPatient, createOrganisation, daysFromToday, staffClients, uniquePhone, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';
import { auditEntriesOf } from '../audit/test-support.js';
import { postFrom, signInPatient, textedCode } from './test-support.js';

describe.each(drivers)('PATCH /api/patient/account: the language the patient chose in the app (%s)', (driver) => {
  const t = useTestApp(driver);
  let org: OrganisationFixture;
  let admin: ApiClient;
  let elsewhere: OrganisationFixture;
  let elsewhereAdmin: ApiClient;

  beforeAll(async () => {
    org = await createOrganisation(t.database.db, { onlineBooking: { cutoffMinutes: 0 } });
    ({ admin } = await staffClients(t.app, org));
    elsewhere = await createOrganisation(t.database.db, { onlineBooking: {} });
    ({ admin: elsewhereAdmin } = await staffClients(t.app, elsewhere));
  });

  const languageOf = async (client: ApiClient, patientId: string) => (await client.get(`/api/patients/${patientId}`)).json<{ messageLanguage: string | null }>().messageLanguage;

  it('keeps it on the account and on every record carrying the phone, in every organisation, each change audited there', async () => {
    const patient = await signInPatient(t);
    expect(patient.session.account.language).toBeNull();
    const self = await addPatient(admin, { name: 'Kavya Gowda', phone: patient.phone });
    const mother = await addPatient(admin, { name: 'Shantha Gowda', phone: patient.phone, messageLanguage: 'en' });
    const there = await addPatient(elsewhereAdmin, { name: 'Kavya Gowda', phone: patient.phone });
    const neighbour = await addPatient(admin, { name: 'Neighbour Rao' });

    const saved = await patient.patch('/api/patient/account', { language: 'kn' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(patientAccountSchema.parse(saved.json())).toEqual({ id: patient.session.account.id, phone: patient.phone, language: 'kn' });

    expect(await languageOf(admin, self.id)).toBe('kn');
    expect(await languageOf(admin, mother.id)).toBe('kn');
    expect(await languageOf(elsewhereAdmin, there.id)).toBe('kn');
    expect(await languageOf(admin, neighbour.id)).toBeNull();

    const trail = async (organisationId: string) =>
      (await auditEntriesOf(t.database.db, organisationId))
        .filter((entry) => entry.route === 'PATCH /api/patient/account')
        .map((entry) => [entry.staffName, entry.action, entry.entity, entry.entityId]);
    expect((await trail(org.id)).sort()).toEqual(
      [
        [`Patient app (${patient.phone})`, 'update', 'patients', self.id],
        [`Patient app (${patient.phone})`, 'update', 'patients', mother.id],
      ].sort(),
    );
    expect(await trail(elsewhere.id)).toEqual([[`Patient app (${patient.phone})`, 'update', 'patients', there.id]]);

    // The same choice again changes no record, so adds nothing to any trail.
    expect((await patient.patch('/api/patient/account', { language: 'kn' })).statusCode).toBe(200);
    expect(await trail(org.id)).toHaveLength(2);
  });

  it('opens a sign-in on a new phone in the saved language', async () => {
    const phone = uniquePhone();
    const first = await signInPatient(t, phone);
    expect((await first.patch('/api/patient/account', { language: 'ta' })).statusCode).toBe(200);

    const code = await textedCode(t, phone);
    const again = await postFrom(t.app, '/api/patient/auth/verify', { phone, code });
    expect(again.statusCode, again.body).toBe(200);
    expect(patientSessionSchema.parse(again.json()).account).toMatchObject({ phone, language: 'ta' });
  });

  it('gives a record the app creates the account’s language', async () => {
    const patient = await signInPatient(t);
    expect((await patient.patch('/api/patient/account', { language: 'ta' })).statusCode).toBe(200);
    const doctor = await addDoctor(admin);
    const booked = await patient.post('/api/patient/appointments', {
      organisationId: org.id,
      doctorId: doctor.id,
      date: daysFromToday(1),
      startTime: '10:00',
      patient: { name: 'Murugan Selvam', gender: 'MALE' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await languageOf(admin, booked.json<{ patientId: string }>().patientId)).toBe('ta');
  });

  it('refuses a language the app does not speak with 400 naming the field, and needs a patient sign-in', async () => {
    const patient = await signInPatient(t);
    const refused = await patient.patch('/api/patient/account', { language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().issues?.map((issue) => issue.path)).toEqual(['language']);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/patient/account', payload: { language: 'kn' } })).statusCode).toBe(401);
  });
});
