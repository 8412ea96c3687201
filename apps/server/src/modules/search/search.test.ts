import { formatAbhaNumber, phoneDigits, searchKey, searchResponseSchema, verhoeffCheckDigit, type SearchResult, type ServiceKind } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { doctors, patients, services } from '../../db/schema/index.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { bearer, createOrganisation, signIn, type OrganisationFixture } from '../../test/fixtures.js';

/** Rows written straight to the tables, keys computed as the record APIs compute them. */
async function addPatient(db: Db, organisationId: string, name: string, phone: string) {
  const [row] = await db
    .insert(patients)
    .values({ organisationId, name, nameKey: searchKey(name), phone, phoneDigits: phoneDigits(phone), gender: 'FEMALE' })
    .returning({ id: patients.id });
  return row!.id;
}

async function addDoctor(db: Db, organisationId: string, name: string, specialization: string, active = true) {
  const [row] = await db
    .insert(doctors)
    .values({ organisationId, name, nameKey: searchKey(name), specialization, consultationFeePaise: 50_000, active })
    .returning({ id: doctors.id });
  return row!.id;
}

async function addService(db: Db, organisationId: string, kind: ServiceKind, name: string, category: string | null, pricePaise: number, active = true) {
  const [row] = await db
    .insert(services)
    .values({ organisationId, kind, name, nameKey: searchKey(name), category, pricePaise, active })
    .returning({ id: services.id });
  return row!.id;
}

describe.each(bothDrivers)('header search (%s)', (driver) => {
  const t = useTestApp(driver);
  let hospital: OrganisationFixture;
  let scanCentre: OrganisationFixture;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const db = t.database.db;
    hospital = await createOrganisation(db, { type: 'HOSPITAL' });
    scanCentre = await createOrganisation(db, { type: 'SCAN' });
    ids.rahul = await addPatient(db, hospital.id, 'Rahul Sharma', '+919876543210');
    ids.jose = await addPatient(db, hospital.id, 'José Fernandes', '+919812300000');
    ids.percent = await addPatient(db, hospital.id, 'Anita 100% Rao', '+919800000001');
    ids.meera = await addDoctor(db, hospital.id, 'Dr. Meera Iyer', 'Cardiology');
    ids.shankar = await addDoctor(db, hospital.id, 'Dr. Shankar Rao', 'General Medicine', false);
    ids.sharad = await addDoctor(db, hospital.id, 'Dr. Sharad Kulkarni', 'Orthopaedics');
    ids.physio = await addService(db, hospital.id, 'OTHER', 'Physiotherapy session', 'Physiotherapy', 80_000);
    ids.hospitalMri = await addService(db, hospital.id, 'SCAN', 'MRI Brain', 'MRI', 450_000);
    ids.mri = await addService(db, scanCentre.id, 'SCAN', 'MRI Brain', 'MRI', 450_000);
    ids.cbc = await addService(db, scanCentre.id, 'TEST', 'Complete Blood Count', 'Haematology', 35_000);
    ids.ambulance = await addService(db, scanCentre.id, 'OTHER', 'Ambulance pick-up', null, 150_000);
    ids.scanPatient = await addPatient(db, scanCentre.id, 'Rahul Sharma', '+919876543210');
    ids.scanDoctor = await addDoctor(db, scanCentre.id, 'Dr. Radha Menon', 'Radiology');
    for (const [label, email] of [
      ['hospitalAdmin', hospital.admin.email],
      ['hospitalWorker', hospital.worker.email],
      ['scanAdmin', scanCentre.admin.email],
    ] as const) {
      tokens[label] = (await signIn(t.app, email)).access_token;
    }
  });

  async function search(token: string, q: string, limit?: number): Promise<SearchResult[]> {
    const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
    const response = await t.app.inject({ url: `/api/search?${query.toString()}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return searchResponseSchema.parse(response.json()).data;
  }
  const idsOf = (results: SearchResult[]) => results.map((result) => result.id);

  it('finds a patient by the start of any word of the name, opening /user/<id>', async () => {
    for (const q of ['rah', 'SHAR', 'Rahul Sh']) {
      expect(await search(tokens.hospitalAdmin!, q), q).toContainEqual({
        kind: 'patient',
        id: ids.rahul,
        title: 'Rahul Sharma',
        subtitle: expect.stringMatching(/^[A-Z]+-\d{6} · \+919876543210$/),
        path: `/user/${ids.rahul}`,
      });
    }
    expect(idsOf(await search(tokens.hospitalAdmin!, 'hul'))).not.toContain(ids.rahul);
  });

  it('finds a patient by UHID (or its bare number), ABHA number and ABHA address, within the organisation', async () => {
    const db = t.database.db;
    const abha = '9100000000002';
    const abhaNumber = `${abha}${verhoeffCheckDigit(abha)}`;
    await db.update(patients).set({ abhaNumber, abhaAddress: 'rahul.sharma@abdm' }).where(eq(patients.id, ids.rahul!));
    const [row] = await db.select({ uhid: patients.uhid, uhidNumber: patients.uhidNumber }).from(patients).where(eq(patients.id, ids.rahul!));
    const [other] = await db.select({ uhidNumber: patients.uhidNumber }).from(patients).where(eq(patients.id, ids.scanPatient!));
    for (const q of [
      row!.uhid,
      row!.uhid.toLowerCase(),
      String(row!.uhidNumber).padStart(3, '0'),
      String(row!.uhidNumber).padStart(6, '0'),
      formatAbhaNumber(abhaNumber),
      abhaNumber,
      'rahul.sharma@abdm',
    ]) {
      const results = await search(tokens.hospitalAdmin!, q);
      expect(idsOf(results), q).toContain(ids.rahul);
      expect(results.find((result) => result.id === ids.rahul)?.subtitle, q).toContain(row!.uhid);
    }
    // The scan centre's patient numbered the same is not the hospital's to find.
    expect(idsOf(await search(tokens.hospitalAdmin!, String(other!.uhidNumber).padStart(6, '0')))).not.toContain(ids.scanPatient);
    expect(idsOf(await search(tokens.scanAdmin!, 'rahul.sharma@abdm'))).toEqual([]);
  });

  it('ignores case and accents, and finds a patient by phone digits', async () => {
    expect(idsOf(await search(tokens.hospitalAdmin!, 'jose'))).toContain(ids.jose);
    expect(idsOf(await search(tokens.hospitalAdmin!, 'FERNÁNDES'))).toContain(ids.jose);
    expect(idsOf(await search(tokens.hospitalAdmin!, '98765'))).toEqual([ids.rahul]);
    expect(idsOf(await search(tokens.hospitalAdmin!, '+91 98123'))).toEqual([ids.jose]);
  });

  it('finds doctors by name and by specialization, active ones first', async () => {
    const byName = await search(tokens.hospitalAdmin!, 'sha');
    expect(byName.filter((r) => r.kind === 'doctor').map((r) => r.id)).toEqual([ids.sharad, ids.shankar]);
    expect(await search(tokens.hospitalAdmin!, 'cardio')).toEqual([
      { kind: 'doctor', id: ids.meera, title: 'Dr. Meera Iyer', subtitle: 'Cardiology', path: `/doctor/${ids.meera}` },
    ]);
    expect(idsOf(await search(tokens.hospitalAdmin!, 'medicine'))).toEqual([ids.shankar]);
  });

  it('finds services by name with category and price, each opening its own page', async () => {
    expect(await search(tokens.hospitalAdmin!, 'physio')).toEqual([
      { kind: 'service', id: ids.physio, title: 'Physiotherapy session', subtitle: 'Physiotherapy · ₹800.00', path: `/service/${ids.physio}` },
    ]);
    expect(await search(tokens.scanAdmin!, 'mri')).toEqual([{ kind: 'service', id: ids.mri, title: 'MRI Brain', subtitle: 'MRI · ₹4,500.00', path: `/scan/${ids.mri}` }]);
    expect(await search(tokens.scanAdmin!, 'blood')).toEqual([expect.objectContaining({ id: ids.cbc, path: `/scan/${ids.cbc}` })]);
    expect(await search(tokens.scanAdmin!, 'ambu')).toEqual([expect.objectContaining({ id: ids.ambulance, subtitle: '₹1,500.00', path: `/service/${ids.ambulance}` })]);
  });

  it('follows the menu: a hospital has no Scans entry, a scan centre no Doctors entry', async () => {
    expect(idsOf(await search(tokens.hospitalAdmin!, 'mri'))).toEqual([]);
    expect(idsOf(await search(tokens.hospitalWorker!, 'mri'))).toEqual([]);
    expect(idsOf(await search(tokens.hospitalWorker!, 'rahul'))).toEqual([ids.rahul]);
    expect(idsOf(await search(tokens.scanAdmin!, 'radha'))).toEqual([]);
    expect(idsOf(await search(tokens.scanAdmin!, 'radio'))).toEqual([]);
  });

  it('never returns another organisation’s records', async () => {
    const fromHospital = idsOf(await search(tokens.hospitalAdmin!, 'rahul'));
    expect(fromHospital).toEqual([ids.rahul]);
    const fromScanCentre = idsOf(await search(tokens.scanAdmin!, '98765'));
    expect(fromScanCentre).toEqual([ids.scanPatient]);
    const stranger = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    const token = (await signIn(t.app, stranger.admin.email)).access_token;
    for (const q of ['rahul', 'mri', 'meera', '98765', 'physio']) expect(await search(token, q), q).toEqual([]);
  });

  it('returns at most `limit` of each kind', async () => {
    const db = t.database.db;
    const org = await createOrganisation(db, { type: 'MULTIHOSPITAL' });
    for (let i = 0; i < 5; i += 1) {
      await addPatient(db, org.id, `Kiran Patient ${i}`, `+9190000000${i}0`);
      await addDoctor(db, org.id, `Dr. Kiran ${i}`, 'ENT');
      await addService(db, org.id, i % 2 ? 'SCAN' : 'OTHER', `Kiran package ${i}`, null, 100);
    }
    const token = (await signIn(t.app, org.admin.email)).access_token;
    const results = await search(token, 'kiran', 2);
    expect(results.map((r) => r.kind)).toEqual(['patient', 'patient', 'doctor', 'doctor', 'service', 'service']);
    expect(await search(token, 'kiran')).toHaveLength(15);
  });

  it('matches LIKE wildcards literally', async () => {
    expect(idsOf(await search(tokens.hospitalAdmin!, '100%'))).toEqual([ids.percent]);
    expect(await search(tokens.hospitalAdmin!, '%%')).toEqual([]);
    expect(await search(tokens.hospitalAdmin!, '__')).toEqual([]);
  });

  it('asks for sign-in and for at least two characters', async () => {
    expect((await t.app.inject({ url: '/api/search?q=rahul' })).statusCode).toBe(401);
    const short = await t.app.inject({ url: '/api/search?q=r', headers: bearer(tokens.hospitalAdmin!) });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ statusCode: 400, issues: [{ path: 'q' }] });
  });
});
