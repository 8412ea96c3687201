import { patientSchema, verhoeffCheckDigit, type ErrorBody, type Patient, type PatientSummary } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '../../test/clock.js';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { createOrganisation, patientInput, staffClients, type ApiClient } from '../../test/fixtures.js';

let abhaSerial = 0;
/** A fresh valid ABHA number: 13 digits and their Verhoeff check digit. */
function abhaNumber(): string {
  abhaSerial += 1;
  const body = `91${String(Date.now() % 1e7).padStart(7, '0')}${String(abhaSerial).padStart(4, '0')}`;
  return body + verhoeffCheckDigit(body);
}
/** The same number with its check digit changed: fails the checksum. */
function withWrongCheckDigit(number: string): string {
  return number.slice(0, 13) + String((Number(number[13]) + 1) % 10);
}

describe.each(drivers)('patients: UHID, ABHA and age at registration (%s)', (driver) => {
  const t = useTestApp(driver);
  let worker: ApiClient;
  let outsider: ApiClient;

  beforeAll(async () => {
    ({ worker } = await staffClients(t.app, await createOrganisation(t.database.db)));
    ({ admin: outsider } = await staffClients(t.app, await createOrganisation(t.database.db)));
  });

  const create = async (client: ApiClient, overrides: Parameters<typeof patientInput>[0] = {}) => {
    const response = await client.post('/api/patients', patientInput(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return patientSchema.parse(response.json()) as Patient;
  };
  const search = async (client: ApiClient, term: string) =>
    (await client.get(`/api/patients?search=${encodeURIComponent(term)}`)).json<{ data: PatientSummary[] }>().data.map((row) => row.uhid);

  it('numbers patients per organisation with the prefix set in Settings; a new prefix leaves given numbers alone', async () => {
    const { admin: own, worker: desk } = await staffClients(t.app, await createOrganisation(t.database.db));
    expect((await own.patch('/api/settings/organisation', { uhidPrefix: ' san- ' })).json()).toMatchObject({ uhidPrefix: 'SAN-' });
    const first = await create(desk);
    const second = await create(desk);
    expect([first.uhid, second.uhid]).toEqual(['SAN-000001', 'SAN-000002']);
    // Another organisation counts from 1 on its own.
    const { worker: elsewhere } = await staffClients(t.app, await createOrganisation(t.database.db));
    expect((await create(elsewhere)).uhid).toBe('MR-000001');

    expect((await own.patch('/api/settings/organisation', { uhidPrefix: 'SJV/' })).statusCode).toBe(200);
    expect((await create(desk)).uhid).toBe('SJV/000003');
    expect((await desk.get(`/api/patients/${first.id}`)).json()).toMatchObject({ uhid: 'SAN-000001' });
    // A change of details never renumbers.
    expect((await desk.patch(`/api/patients/${first.id}`, { name: 'Renamed Patient' })).json()).toMatchObject({ uhid: 'SAN-000001' });

    const bad = await own.patch('/api/settings/organisation', { uhidPrefix: '12 ab!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().issues!.map((issue) => issue.path)).toEqual(['uhidPrefix']);
    // The prefix is an admin's setting.
    expect((await desk.patch('/api/settings/organisation', { uhidPrefix: 'X-' })).statusCode).toBe(403);
  });

  it('gives gap-free numbers to concurrent registrations, a refused one giving its number back', async () => {
    const { worker: desk } = await staffClients(t.app, await createOrganisation(t.database.db));
    const taken = abhaNumber();
    await create(desk, { abhaNumber: taken });
    // 24 at once; every fourth reuses an ABHA number and is refused after taking a number.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => desk.post('/api/patients', patientInput({ name: `Concurrent ${index}`, abhaNumber: index % 4 === 0 ? taken : null }))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array<number>(18).fill(201), ...Array<number>(6).fill(409)]);
    const all = (await desk.get('/api/patients?pageSize=200&sort=createdAt')).json<{ data: PatientSummary[] }>().data;
    expect(all.map((row) => row.uhid).sort()).toEqual(Array.from({ length: 19 }, (_, index) => `MR-${String(index + 1).padStart(6, '0')}`));
    // The next one continues the sequence.
    expect((await create(desk)).uhid).toBe('MR-000020');
  });

  it('takes an ABHA number with or without hyphens, checks its Verhoeff digit, and keeps it once per organisation', async () => {
    const number = abhaNumber();
    const hyphenated = number.replace(/^(\d{2})(\d{4})(\d{4})(\d{4})$/, '$1-$2-$3-$4');
    const created = await create(worker, { abhaNumber: hyphenated, abhaAddress: ' Sunita.Pawar@ABDM ' });
    expect(created).toMatchObject({ abhaNumber: number, abhaAddress: 'sunita.pawar@abdm' });

    for (const [abha, path] of [
      [withWrongCheckDigit(number), 'abhaNumber'],
      ['1234', 'abhaNumber'],
      ['91-1234-5678-901X', 'abhaNumber'],
    ] as const) {
      const refused = await worker.post('/api/patients', patientInput({ abhaNumber: abha }));
      expect(refused.statusCode, abha).toBe(400);
      expect(refused.json<ErrorBody>().issues!.map((issue) => issue.path)).toEqual([path]);
    }
    for (const address of ['short@abdm', 'name@gmail.com', '.sunitapawar@abdm', 'sunita..pawar@abdm', 'sunita pawar@sbx']) {
      const refused = await worker.post('/api/patients', patientInput({ abhaAddress: address }));
      expect(refused.statusCode, address).toBe(400);
      expect(refused.json<ErrorBody>().issues!.map((issue) => issue.path)).toEqual(['abhaAddress']);
    }
    expect((await create(worker, { abhaAddress: 'ravi_kumar12@sbx' })).abhaAddress).toBe('ravi_kumar12@sbx');

    const twice = await worker.post('/api/patients', patientInput({ abhaNumber: number }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorBody>().issues).toEqual([{ path: 'abhaNumber', message: 'Another patient already has this ABHA number' }]);
    const sameAddress = await worker.post('/api/patients', patientInput({ abhaAddress: 'sunita.pawar@abdm' }));
    expect(sameAddress.json<ErrorBody>().issues!.map((issue) => issue.path)).toEqual(['abhaAddress']);
    // Another organisation's record of the same person is its own.
    expect((await create(outsider, { abhaNumber: number })).abhaNumber).toBe(number);
  });

  it('stores an age in years as 1 January of the birth year, estimated, and keeps age bands working', async () => {
    const year = Number(indiaDate().slice(0, 4));
    const aged = await create(worker, { name: 'Age Only', dateOfBirth: undefined, ageYears: 34 });
    expect(aged).toMatchObject({ dateOfBirth: `${year - 34}-01-01`, dobEstimated: true });
    const row = (await worker.get(`/api/patients?search=${aged.uhid}`)).json<{ data: PatientSummary[] }>().data[0];
    expect(row).toMatchObject({ id: aged.id, age: 34 });
    const band = (await worker.get('/api/patients?ageBand=18-40&pageSize=200')).json<{ data: PatientSummary[] }>().data;
    expect(band.map((patient) => patient.id)).toContain(aged.id);

    const both = await worker.post('/api/patients', patientInput({ dateOfBirth: '1990-01-01', ageYears: 30 }));
    expect(both.statusCode).toBe(400);
    expect(both.json<ErrorBody>().issues!.map((issue) => issue.path)).toEqual(['ageYears']);
    for (const ageYears of [-1, 121, 3.5]) expect((await worker.post('/api/patients', patientInput({ dateOfBirth: undefined, ageYears }))).statusCode).toBe(400);

    // A known date of birth later replaces the estimate.
    expect((await worker.patch(`/api/patients/${aged.id}`, { dateOfBirth: '1991-08-20' })).json()).toMatchObject({ dateOfBirth: '1991-08-20', dobEstimated: false });
    expect((await worker.patch(`/api/patients/${aged.id}`, { ageYears: 60 })).json()).toMatchObject({ dateOfBirth: `${year - 60}-01-01`, dobEstimated: true });
  });

  it('finds a patient by UHID, its number, ABHA number or ABHA address — only in the caller’s organisation', async () => {
    const { worker: desk } = await staffClients(t.app, await createOrganisation(t.database.db));
    const { worker: other } = await staffClients(t.app, await createOrganisation(t.database.db));
    const number = abhaNumber();
    const mine = await create(desk, { name: 'Kavita Shinde', abhaNumber: number, abhaAddress: 'kavita.shinde@abdm' });
    await create(desk, { name: 'Second Patient' });
    // Same UHID (MR-000001), ABHA number and address in another organisation.
    const theirs = await create(other, { name: 'Other Kavita', abhaNumber: number, abhaAddress: 'kavita.shinde@abdm' });
    expect(theirs.uhid).toBe(mine.uhid);

    expect(await search(desk, 'MR-000001')).toEqual(['MR-000001']);
    expect(await search(desk, 'mr-000001')).toEqual(['MR-000001']);
    expect(await search(desk, '000002')).toEqual(['MR-000002']);
    expect(await search(desk, number)).toEqual(['MR-000001']);
    expect(await search(desk, number.replace(/^(\d{2})(\d{4})(\d{4})(\d{4})$/, '$1-$2-$3-$4'))).toEqual(['MR-000001']);
    expect(await search(desk, 'Kavita.Shinde@abdm')).toEqual(['MR-000001']);
    expect(await search(desk, 'MR-000099')).toEqual([]);
    const found = (await desk.get(`/api/patients?search=${number}`)).json<{ data: PatientSummary[] }>().data;
    expect(found.map((row) => row.id)).toEqual([mine.id]);
  });
});
