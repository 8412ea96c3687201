import type { ErrorBody, Facility } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, doctorInput, serviceInput, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('facilities (%s)', (driver) => {
  const t = useTestApp(driver);
  let multiOrg: OrganisationFixture;
  let multi: { admin: ApiClient; worker: ApiClient };
  let hospital: { admin: ApiClient; worker: ApiClient };

  beforeAll(async () => {
    multiOrg = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    multi = await staffClients(t.app, multiOrg);
    hospital = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'HOSPITAL' }));
  });

  const add = async (name: string, extra: Partial<Facility> = {}) => {
    const response = await multi.admin.post('/api/facilities', { name, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Facility>();
  };

  it('lets a multi-hospital administrator add, rename and remove facilities', async () => {
    const created = await add('Arogya Whitefield', { address: 'ITPL Main Road, Whitefield', phone: '+918041112222' });
    expect(created).toMatchObject({ name: 'Arogya Whitefield', address: 'ITPL Main Road, Whitefield', phone: '+918041112222' });
    const renamed = await multi.admin.patch(`/api/facilities/${created.id}`, { name: 'Arogya Whitefield East' });
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Arogya Whitefield East', address: 'ITPL Main Road, Whitefield' });
    expect((await multi.admin.get(`/api/facilities/${created.id}`)).json()).toMatchObject({ name: 'Arogya Whitefield East' });
    expect((await multi.admin.delete(`/api/facilities/${created.id}`)).statusCode).toBe(204);
    expect((await multi.admin.get(`/api/facilities/${created.id}`)).statusCode).toBe(404);
  });

  it("lists the organisation's facilities to any of its staff, for the pickers", async () => {
    await add('Arogya Jayanagar');
    for (const client of [multi.admin, multi.worker]) {
      const response = await client.get('/api/facilities');
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: Facility[] }>().data.map((f) => f.name)).toEqual(expect.arrayContaining([multiOrg.name, 'Arogya Jayanagar']));
    }
    const hospitalList = (await hospital.worker.get('/api/facilities')).json<{ data: Facility[] }>();
    expect(hospitalList.data).toHaveLength(1);
    expect(hospitalList.data.map((f) => f.name)).not.toContain('Arogya Jayanagar');
  });

  it('refuses changes from a single-facility organisation, a worker, or for another organisation', async () => {
    const created = await hospital.admin.post('/api/facilities', { name: 'Second branch' });
    expect(created.statusCode).toBe(403);
    expect(created.json<ErrorBody>().message).toBe('This organisation has a single facility');
    const [own] = (await hospital.admin.get('/api/facilities')).json<{ data: Facility[] }>().data;
    expect((await hospital.admin.patch(`/api/facilities/${own!.id}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await hospital.admin.delete(`/api/facilities/${own!.id}`)).statusCode).toBe(403);
    // A multi-hospital worker sees Settings in the menu, but facilities are for administrators.
    expect((await multi.worker.post('/api/facilities', { name: 'By a worker' })).statusCode).toBe(403);
    const mine = await add('Arogya Hebbal');
    expect((await hospital.worker.get(`/api/facilities/${mine.id}`)).statusCode).toBe(404);
    const otherMulti = await staffClients(t.app, await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' }));
    expect((await otherMulti.admin.patch(`/api/facilities/${mine.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await otherMulti.admin.delete(`/api/facilities/${mine.id}`)).statusCode).toBe(404);
  });

  it('answers 409 for a second facility of the same name, whatever the case', async () => {
    await add('Arogya Mysuru');
    const again = await multi.admin.post('/api/facilities', { name: 'arogya MYSURU' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'name' })]);
    const other = await add('Arogya Hubballi');
    expect((await multi.admin.patch(`/api/facilities/${other.id}`, { name: 'Arogya Mysuru' })).statusCode).toBe(409);
    expect((await multi.admin.post('/api/facilities', { name: ' ' })).json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'name' })]);
  });

  it('keeps a facility that doctors or services still use, and always the last one', async () => {
    const busy = await add('Arogya Malleshwaram');
    const doctor = await multi.admin.post('/api/doctors', doctorInput({ facilityId: busy.id }));
    expect(doctor.statusCode).toBe(201);
    expect((await multi.admin.delete(`/api/facilities/${busy.id}`)).statusCode).toBe(409);
    expect((await multi.admin.delete(`/api/doctors/${doctor.json<{ id: string }>().id}`)).statusCode).toBe(204);
    const service = await multi.admin.post('/api/services', serviceInput({ kind: 'SCAN', facilityId: busy.id }));
    expect(service.statusCode).toBe(201);
    expect((await multi.admin.delete(`/api/facilities/${busy.id}`)).statusCode).toBe(409);
    expect((await multi.admin.delete(`/api/services/${service.json<{ id: string }>().id}`)).statusCode).toBe(204);
    expect((await multi.admin.delete(`/api/facilities/${busy.id}`)).statusCode).toBe(204);

    // A facility with bills keeps them numbered in its book.
    const billed = await add('Arogya Rajajinagar');
    const item = (await multi.admin.post('/api/services', serviceInput())).json<{ id: string }>();
    expect((await multi.admin.post('/api/billing/bills', { facilityId: billed.id, items: [{ serviceId: item.id, quantity: 1 }] })).statusCode).toBe(201);
    const keep = await multi.admin.delete(`/api/facilities/${billed.id}`);
    expect(keep.statusCode).toBe(409);
    expect(keep.json<ErrorBody>().message).toBe('This facility has bills: it stays for its accounts');

    const solo = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const soloAdmin = (await staffClients(t.app, solo)).admin;
    const [only] = (await soloAdmin.get('/api/facilities')).json<{ data: Facility[] }>().data;
    const last = await soloAdmin.delete(`/api/facilities/${only!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json<ErrorBody>().message).toBe('The last facility cannot be deleted');
  });
});
