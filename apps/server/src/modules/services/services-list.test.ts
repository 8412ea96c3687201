import type { Service } from '@caredesk/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { drivers } from '../../test/database.js';
import { addFacility, createOrganisation, serviceInput, staffClients, type ApiClient } from '../../test/fixtures.js';

describe.each(drivers)('services: list, search, filters and CSV (%s)', (driver) => {
  const t = useTestApp(driver);
  let admin: ApiClient;
  let worker: ApiClient;
  let mysuru: { id: string };

  beforeAll(async () => {
    const org = await createOrganisation(t.database.db, { type: 'MULTIHOSPITAL' });
    ({ admin, worker } = await staffClients(t.app, org));
    mysuru = await addFacility(t.database.db, org.id, 'Arogya Mysuru');
    const rows = [
      serviceInput({ kind: 'SCAN', name: 'MRI Brain', category: 'MRI', pricePaise: 650_000, facilityId: mysuru.id }),
      serviceInput({ kind: 'SCAN', name: 'CT Chest (HRCT)', category: 'CT', pricePaise: 350_000 }),
      serviceInput({ kind: 'SCAN', name: 'X-Ray Chest PA', category: 'X-Ray', pricePaise: 40_000, active: false }),
      serviceInput({ kind: 'TEST', name: 'Thyroid Profile (T3, T4, TSH)', category: 'Hormones', pricePaise: 55_000 }),
      serviceInput({ kind: 'TEST', name: 'Complete Blood Count', category: 'Haematology', pricePaise: 30_000, facilityId: mysuru.id }),
      serviceInput({ kind: 'OTHER', name: 'Physiotherapy session', category: 'Physiotherapy', pricePaise: 60_000 }),
      serviceInput({ kind: 'OTHER', name: '@SUM(A1) Ambulance', category: 'Ambulance', pricePaise: 150_000, description: 'Within city limits,\nfuel included' }),
    ];
    for (const row of rows) expect((await admin.post('/api/services', row)).statusCode).toBe(201);
  });

  const names = async (query: string, client = admin) => {
    const response = await client.get(`/api/services?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Service[] }>().data.map((s) => s.name);
  };

  it('lists every kind the menu shows by default, or the kinds asked for', async () => {
    const all = await admin.get('/api/services?pageSize=3');
    expect(all.json()).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(await names('kind=SCAN,TEST&sort=price')).toEqual(['Complete Blood Count', 'X-Ray Chest PA', 'Thyroid Profile (T3, T4, TSH)', 'CT Chest (HRCT)', 'MRI Brain']);
    expect(await names('kind=OTHER', worker)).toEqual(['@SUM(A1) Ambulance', 'Physiotherapy session']);
    expect((await admin.get('/api/services?kind=LAB')).statusCode).toBe(400);
  });

  it('searches names by any word prefix and filters by category, facility and active', async () => {
    expect(await names('search=chest')).toEqual(['CT Chest (HRCT)', 'X-Ray Chest PA']);
    expect(await names('search=thyroid%20prof')).toEqual(['Thyroid Profile (T3, T4, TSH)']);
    expect(await names('search=blood')).toEqual(['Complete Blood Count']);
    expect(await names('category=MRI')).toEqual(['MRI Brain']);
    expect(await names(`facilityId=${mysuru.id}`)).toEqual(['Complete Blood Count', 'MRI Brain']);
    expect(await names('kind=SCAN&active=false')).toEqual(['X-Ray Chest PA']);
    expect(await names('sort=price&order=desc&pageSize=2')).toEqual(['MRI Brain', 'CT Chest (HRCT)']);
  });

  it('exports the filtered services as CSV with rupees, quoting and the formula guard', async () => {
    const response = await admin.get('/api/services/export.csv?kind=OTHER');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="services-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = response.body;
    expect(body.startsWith('\uFEFFName,Kind,Category,Price (₹),')).toBe(true);
    expect(body).toContain(`'@SUM(A1) Ambulance,OTHER,Ambulance,1500.00,`);
    expect(body).toContain('"Within city limits,\nfuel included"');
    expect(body).toContain('Physiotherapy session,OTHER,Physiotherapy,600.00,');
    expect(body).not.toContain('MRI');
  });
});
