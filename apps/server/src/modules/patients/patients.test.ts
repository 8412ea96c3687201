import { patientSchema, type ErrorBody, type Patient } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, patientInput, staffClients, uniquePhone, type ApiClient } from '../../test/fixtures.js';

describe.each(drivers)('patients: records, phone warnings and isolation (%s)', (driver) => {
  const t = useTestApp(driver);
  let worker: ApiClient;
  let admin: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    ({ admin, worker } = await staffClients(t.app, await createOrganisation(t.database.db)));
    ({ worker: outsider } = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'SCAN' })));
  });

  const create = async (client: ApiClient, overrides: Parameters<typeof patientInput>[0] = {}) => {
    const response = await client.post('/api/patients', patientInput(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return patientSchema.parse(response.json()) as Patient;
  };

  it('registers a patient with a normalised phone, reads, changes and deletes them', async () => {
    const created = await create(worker, { name: 'Sunita Pawar', phone: '098220 12345', email: ' Sunita@Example.COM ', dateOfBirth: '1985-06-15', address: 'Kothrud, Pune' });
    expect(created).toMatchObject({
      name: 'Sunita Pawar',
      phone: '+919822012345',
      email: 'sunita@example.com',
      gender: 'FEMALE',
      dateOfBirth: '1985-06-15',
      bloodGroup: 'B+',
      notes: null,
    });
    expect((await worker.get(`/api/patients/${created.id}`)).json()).toEqual(created);

    const patched = await worker.patch(`/api/patients/${created.id}`, { phone: '+91 98220 99999', notes: 'Allergic to penicillin' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ phone: '+919822099999', notes: 'Allergic to penicillin', dateOfBirth: '1985-06-15', name: 'Sunita Pawar' });
    // The new number is what phone search finds.
    expect((await worker.get('/api/patients?search=22099999')).json<{ data: Patient[] }>().data.map((p) => p.id)).toEqual([created.id]);
    expect((await worker.patch(`/api/patients/${created.id}`, {})).json()).toMatchObject({ notes: 'Allergic to penicillin' });
    expect((await worker.patch(`/api/patients/${created.id}`, { dateOfBirth: null })).json()).toMatchObject({ dateOfBirth: null });

    expect((await admin.delete(`/api/patients/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/patients/${created.id}`)).statusCode).toBe(404);
  });

  it('names each bad field', async () => {
    const response = await worker.post('/api/patients', { name: 'A', phone: '12', gender: 'M', dateOfBirth: '2999-01-01', bloodGroup: 'C+', email: 'nope' });
    expect(response.statusCode).toBe(400);
    const paths = response.json<ErrorBody>().issues!.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'phone', 'gender', 'dateOfBirth', 'bloodGroup', 'email']));
    expect((await worker.post('/api/patients', {})).json<ErrorBody>().issues!.map((i) => i.path)).toEqual(expect.arrayContaining(['name', 'phone', 'gender']));
  });

  it('warns about, but allows, a phone number another patient already uses', async () => {
    const phone = uniquePhone();
    const mother = await create(worker, { name: 'Kavita Bhosale', phone });
    const son = await create(worker, { name: 'Aarav Bhosale', phone, gender: 'MALE' });
    await create(outsider, { name: 'Someone Elsewhere', phone });

    const matches = async (body: object) => {
      const response = await worker.post('/api/patients/matches', body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { id: string; name: string; uhid: string }[] }>().data.map(({ id, name, uhid }) => ({ id, name, uhid }));
    };
    expect(await matches({ phone: phone.slice(3) })).toEqual([
      { id: son.id, name: 'Aarav Bhosale', uhid: son.uhid },
      { id: mother.id, name: 'Kavita Bhosale', uhid: mother.uhid },
    ]);
    expect(await matches({ phone, excludeId: son.id })).toEqual([{ id: mother.id, name: 'Kavita Bhosale', uhid: mother.uhid }]);
    expect(await matches({ phone: uniquePhone() })).toEqual([]);
    const bad = await worker.post('/api/patients/matches', { phone: '12', excludeId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<ErrorBody>()
        .issues!.map((i) => i.path)
        .sort(),
    ).toEqual(['excludeId', 'phone']);
  });

  it("never shows another organisation's patient: 404 on read, change and delete, absent from lists and CSV", async () => {
    const theirs = await create(outsider, { name: 'Zainab Qureshi', phone: '+919000011111' });
    const unknown = await worker.get('/api/patients/00000000-0000-4000-8000-000000000000');
    for (const response of [
      await worker.get(`/api/patients/${theirs.id}`),
      await worker.patch(`/api/patients/${theirs.id}`, { name: 'Taken' }),
      await admin.delete(`/api/patients/${theirs.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    expect((await worker.get('/api/patients?search=zainab')).json()).toMatchObject({ data: [], total: 0 });
    expect((await worker.get('/api/patients?search=9000011111')).json()).toMatchObject({ data: [], total: 0 });
    expect((await worker.get('/api/patients/export.csv')).body).not.toContain('Zainab');
    expect((await outsider.get(`/api/patients/${theirs.id}`)).statusCode).toBe(200);
  });

  it('is open to every staff menu that shows Patients or Users, and needs a signed-in caller', async () => {
    for (const type of ['HOSPITAL', 'SCAN', 'MULTIHOSPITAL'] as const) {
      const clients = await staffClients(t.app, await createOrganisation(t.database.db, { type }));
      expect((await clients.worker.get('/api/patients')).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/patients' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/patients/matches', payload: { phone: '9822012345' } })).statusCode).toBe(401);
  });
});
