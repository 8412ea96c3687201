import { serviceSchema, type ErrorBody, type Service } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { services } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addFacility, createOrganisation, serviceInput, staffClients, type ApiClient, type OrganisationFixture } from '../../test/fixtures.js';

describe.each(drivers)('services: records, kinds and rules (%s)', (driver) => {
  const t = useTestApp(driver);
  let scanOrg: OrganisationFixture;
  let scan: { admin: ApiClient; worker: ApiClient };
  let hospital: { admin: ApiClient; worker: ApiClient };
  let hospitalScanId: string;

  beforeAll(async () => {
    scanOrg = await createOrganisation(t.database.db, { type: 'SCAN' });
    scan = await staffClients(t.app, scanOrg);
    const hospitalOrg = await createOrganisation(t.database.db, { type: 'HOSPITAL' });
    hospital = await staffClients(t.app, hospitalOrg);
    // A scan row in a hospital (e.g. left from a type change): its staff may not see it.
    const db: Db = t.database.db;
    const [row] = await db
      .insert(services)
      .values({ organisationId: hospitalOrg.id, kind: 'SCAN', name: 'X-Ray Chest PA', nameKey: 'x-ray chest pa', pricePaise: 40_000 })
      .returning({ id: services.id });
    hospitalScanId = row!.id;
  });

  const create = async (client: ApiClient, overrides: Parameters<typeof serviceInput>[0] = {}) => {
    const response = await client.post('/api/services', serviceInput(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return serviceSchema.parse(response.json()) as Service;
  };

  it('adds a scan with capacity and a schedule, reads, changes and deletes it', async () => {
    const created = await create(scan.worker, {
      kind: 'SCAN',
      name: 'MRI Brain (plain)',
      category: 'MRI',
      pricePaise: 650_000,
      durationMinutes: 30,
      preparation: 'Remove all metal objects',
      reportTurnaroundHours: 24,
      capacityPerSlot: 2,
      availability: [{ weekday: 1, start: '08:00', end: '20:00' }],
    });
    expect(created).toMatchObject({ kind: 'SCAN', category: 'MRI', capacityPerSlot: 2, active: true, facilityName: scanOrg.name });
    expect((await scan.worker.get(`/api/services/${created.id}`)).json()).toEqual(created);
    const patched = await scan.worker.patch(`/api/services/${created.id}`, { pricePaise: 700_000, kind: 'OTHER' });
    expect(patched.statusCode).toBe(200);
    // The kind never changes; unknown and fixed fields are dropped.
    expect(patched.json()).toMatchObject({ pricePaise: 700_000, kind: 'SCAN', capacityPerSlot: 2, availability: created.availability });
    expect((await scan.worker.patch(`/api/services/${created.id}`, {})).json()).toMatchObject({ pricePaise: 700_000, active: true });
    expect((await scan.worker.delete(`/api/services/${created.id}`)).statusCode).toBe(204);
    expect((await scan.worker.get(`/api/services/${created.id}`)).statusCode).toBe(404);
  });

  it('keeps the room a scan is done in: trimmed, listed, changed, cleared with null, at most 60 characters', async () => {
    const created = await create(scan.worker, { kind: 'SCAN', name: 'CT Chest', category: 'CT', room: ' CT room, ground floor  ' });
    expect(created.room).toBe('CT room, ground floor');
    expect((await scan.worker.get(`/api/services/${created.id}`)).json()).toMatchObject({ room: 'CT room, ground floor' });
    const listed = (await scan.worker.get('/api/services?search=ct%20chest')).json<{ data: Service[] }>().data;
    expect(listed.map((service) => service.room)).toEqual(['CT room, ground floor']);

    expect((await scan.worker.patch(`/api/services/${created.id}`, { room: 'MRI suite' })).json()).toMatchObject({ room: 'MRI suite' });
    expect((await scan.worker.patch(`/api/services/${created.id}`, { pricePaise: 90_000 })).json()).toMatchObject({ room: 'MRI suite', pricePaise: 90_000 });
    expect((await scan.worker.patch(`/api/services/${created.id}`, { room: null })).json()).toMatchObject({ room: null });

    const tooLong = await scan.worker.post('/api/services', serviceInput({ kind: 'TEST', room: 'x'.repeat(61) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ErrorBody>().issues).toEqual([{ path: 'room', message: 'Use at most 60 characters for the room' }]);
    const patchTooLong = await scan.worker.patch(`/api/services/${created.id}`, { room: 'x'.repeat(61) });
    expect(patchTooLong.statusCode).toBe(400);
    expect(patchTooLong.json<ErrorBody>().issues).toEqual([{ path: 'room', message: 'Use at most 60 characters for the room' }]);
  });

  it('names each bad field, including the availability windows', async () => {
    const response = await scan.admin.post('/api/services', {
      kind: 'MRI',
      name: 'x',
      pricePaise: 1.5,
      capacityPerSlot: 0,
      availability: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '10:00' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json<ErrorBody>().issues!.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['kind', 'name', 'pricePaise', 'capacityPerSlot', 'availability.1.end']));
  });

  it('answers 409 for the same name and kind twice at one facility, not across kinds or facilities', async () => {
    await create(scan.admin, { kind: 'TEST', name: 'Lipid Profile', category: 'Biochemistry' });
    const again = await scan.admin.post('/api/services', serviceInput({ kind: 'TEST', name: '  lipid   PROFILE ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'name' })]);
    await create(scan.admin, { kind: 'OTHER', name: 'Lipid Profile' });

    const multiOrg = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const multi = await staffClients(t.app, multiOrg);
    const [a, b] = [await addFacility(t.database.db, multiOrg.id), await addFacility(t.database.db, multiOrg.id)];
    await create(multi.admin, { kind: 'SCAN', name: 'CT Chest', facilityId: a.id });
    await create(multi.admin, { kind: 'SCAN', name: 'CT Chest', facilityId: b.id });
    expect((await multi.admin.post('/api/services', serviceInput({ kind: 'SCAN', name: 'CT Chest', facilityId: b.id }))).statusCode).toBe(409);
  });

  it('lets hospital staff use other services but not scans or tests', async () => {
    const dressing = await create(hospital.worker, { kind: 'OTHER', name: 'Dressing' });
    expect((await hospital.worker.post('/api/services', serviceInput({ kind: 'SCAN' }))).statusCode).toBe(403);
    expect((await hospital.admin.post('/api/services', serviceInput({ kind: 'TEST' }))).statusCode).toBe(403);
    expect((await hospital.worker.get('/api/services?kind=SCAN')).statusCode).toBe(403);
    expect((await hospital.worker.get('/api/services?kind=OTHER,TEST')).statusCode).toBe(403);
    const forbiddenExport = await hospital.worker.get('/api/services/export.csv?kind=SCAN');
    expect(forbiddenExport.statusCode).toBe(403);
    expect(forbiddenExport.headers['content-type']).toMatch(/^application\/json/);
    // Without a kind the list shows what the menu allows: the stray scan stays hidden.
    const list = (await hospital.worker.get('/api/services?pageSize=200')).json<{ data: Service[]; total: number }>();
    expect(list.data.map((s) => s.id)).toEqual([dressing.id]);
    expect(list.total).toBe(1);
    expect((await hospital.worker.get('/api/services/export.csv')).body).not.toContain('X-Ray');
    for (const response of [
      await hospital.worker.get(`/api/services/${hospitalScanId}`),
      await hospital.worker.patch(`/api/services/${hospitalScanId}`, { pricePaise: 1 }),
      await hospital.admin.delete(`/api/services/${hospitalScanId}`),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });

  it("never shows another organisation's service: 404 before any kind check, absent from lists", async () => {
    const theirs = await create(scan.admin, { kind: 'SCAN', name: 'PET-CT Whole Body', category: 'PET-CT' });
    const unknown = await hospital.admin.get('/api/services/00000000-0000-4000-8000-000000000000');
    for (const response of [
      await hospital.admin.get(`/api/services/${theirs.id}`),
      await hospital.admin.patch(`/api/services/${theirs.id}`, { name: 'Mine now' }),
      await hospital.admin.delete(`/api/services/${theirs.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    expect((await hospital.admin.get('/api/services?search=pet')).json()).toMatchObject({ data: [], total: 0 });
  });

  it("sets a single-facility organisation's facility itself and refuses a foreign one with 400", async () => {
    const other = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const foreign = await addFacility(t.database.db, other.id);
    const response = await scan.admin.post('/api/services', serviceInput({ facilityId: foreign.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().issues).toEqual([expect.objectContaining({ path: 'facilityId' })]);
    const created = await create(scan.admin, { facilityId: null });
    expect(created.facilityName).toBe(scanOrg.name);
  });
});
