import type { Doctor } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addFacility, createOrganisation, doctorInput, staffClients, type ApiClient } from '../../test/fixtures.js';

interface Page {
  data: Doctor[];
  total: number;
  page: number;
  pageSize: number;
}

describe.each(drivers)('doctors: list, search, filters and CSV (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let jayanagar: { id: string; name: string };

  beforeAll(async () => {
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin } = await staffClients(t.app, org));
    jayanagar = await addFacility(t.database.db, org.id, 'Arogya Jayanagar');
    const doctors = [
      doctorInput({ name: 'Dr. Rahul Sharma', specialization: 'Cardiology', consultationFeePaise: 90_000, phone: '+919822011111', facilityId: jayanagar.id }),
      doctorInput({ name: 'Dr. José Fernandes', specialization: 'Orthopaedics', consultationFeePaise: 60_000, phone: '+919822022222' }),
      doctorInput({ name: 'Dr. Sharmila Rao', specialization: 'Paediatrics', consultationFeePaise: 50_000, phone: '+919822033333', facilityId: jayanagar.id }),
      doctorInput({ name: 'Dr. Anil Kumar', specialization: 'Cardiology', consultationFeePaise: 120_000, phone: '+919822044444', active: false }),
      doctorInput({ name: '=HYPERLINK("http://evil")', specialization: 'ENT', consultationFeePaise: 30_050, phone: '+919822055555', qualifications: 'MBBS, MS "ENT"' }),
      doctorInput({ name: 'Dr. 100%_Sure', specialization: 'ENT', consultationFeePaise: 40_000, phone: '+919822066666' }),
    ];
    for (const doctor of doctors) expect((await admin.post('/api/doctors', doctor)).statusCode).toBe(201);
  });

  const list = async (query: string) => {
    const response = await admin.get(`/api/doctors?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const names = async (query: string) => (await list(query)).data.map((d) => d.name);

  it('finds doctors by the start of any word of the name, whatever the case or accents', async () => {
    expect(await names('search=sharma')).toEqual(['Dr. Rahul Sharma']);
    expect(await names('search=sharm')).toEqual(['Dr. Rahul Sharma', 'Dr. Sharmila Rao']);
    expect(await names('search=RAHUL')).toEqual(['Dr. Rahul Sharma']);
    expect(await names('search=jose')).toEqual(['Dr. José Fernandes']);
    expect(await names('search=JOSÉ FERN')).toEqual(['Dr. José Fernandes']);
    // Inside a word is not a prefix.
    expect(await names('search=harma')).toEqual([]);
    // % and _ are matched literally, not as wildcards.
    expect(await names('search=100%25_')).toEqual(['Dr. 100%_Sure']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual([]);
  });

  it('finds doctors by phone digits anywhere in the number', async () => {
    expect(await names('search=22033')).toEqual(['Dr. Sharmila Rao']);
    expect(await names(`search=${encodeURIComponent('+91 98220 44444')}`)).toEqual(['Dr. Anil Kumar']);
  });

  it('pages with totals and sorts by whitelisted fields', async () => {
    const first = await list('pageSize=4&sort=consultationFee&order=desc');
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.data.map((d) => d.consultationFeePaise)).toEqual([120_000, 90_000, 60_000, 50_000]);
    const second = await list('pageSize=4&page=2&sort=consultationFee&order=desc');
    expect(second.data.map((d) => d.consultationFeePaise)).toEqual([40_000, 30_050]);
    expect(await names('sort=name&pageSize=2')).toEqual(['=HYPERLINK("http://evil")', 'Dr. 100%_Sure']);
    expect(await names('sort=name&order=desc&pageSize=1')).toEqual(['Dr. Sharmila Rao']);
    const bad = await admin.get('/api/doctors?sort=password&pageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<{ issues: { path: string }[] }>()
        .issues.map((i) => i.path)
        .sort(),
    ).toEqual(['pageSize', 'sort']);
  });

  it('filters by specialization, facility and active', async () => {
    expect(await names('specialization=Cardiology')).toEqual(['Dr. Anil Kumar', 'Dr. Rahul Sharma']);
    expect(await names('specialization=Cardiology&active=true')).toEqual(['Dr. Rahul Sharma']);
    expect(await names('active=false')).toEqual(['Dr. Anil Kumar']);
    const atJayanagar = await list(`facilityId=${jayanagar.id}`);
    expect(atJayanagar.data.map((d) => d.name)).toEqual(['Dr. Rahul Sharma', 'Dr. Sharmila Rao']);
    expect(atJayanagar.data.every((d) => d.facilityName === 'Arogya Jayanagar')).toBe(true);
    // A multi-hospital doctor without a facility stays without one.
    expect((await list('search=jose')).data[0]).toMatchObject({ facilityId: null, facilityName: null });
  });

  it('exports every matching doctor as a CSV Excel opens safely', async () => {
    const response = await admin.get('/api/doctors/export.csv?specialization=ENT&sort=consultationFee');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="doctors-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFFName,Specialization,')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    // A cell that starts with = gets a quote; quotes inside a cell are doubled; money in rupees.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"MBBS, MS ""ENT"""');
    expect(lines[1]).toContain(',300.50,');
    expect(lines[1]).toContain(",'+919822055555,");
    expect(lines[2]).toContain('Dr. 100%_Sure');

    const all = await admin.get('/api/doctors/export.csv?pageSize=1');
    expect(all.body.trimEnd().split('\r\n')).toHaveLength(7);
  });
});
