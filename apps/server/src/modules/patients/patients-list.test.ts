import { addDays, addYears, patientSummarySchema, type PatientSummary } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema/index.js';
import { BEFORE_MIDNIGHT, DAY_TIMES, indiaDate, pinClockAt } from '../../test/clock.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, patientInput, staffClients, type ApiClient } from '../../test/fixtures.js';

describe.each(bothDrivers)('patients: list, search, filters and CSV (%s)', (driver) => {
  const t = useTestApp(driver);

  // Ages and age bands count birthdays on India's calendar: the suite runs mid-morning and either side of its midnight.
  describe.each(DAY_TIMES)('at $label', (wall) => {
    pinClockAt(wall);
    let worker: ApiClient;
    let today: string;

    beforeAll(async () => {
      today = indiaDate();
      ({ worker } = await staffClients(t.app, await createOrganisation(t.database.db)));
      const rows = [
        // Exactly 18 today, and 18 tomorrow (still 17).
        patientInput({ name: 'Rahul Sharma', gender: 'MALE', phone: '+919876500001', dateOfBirth: addYears(today, -18) }),
        patientInput({ name: 'Priya Sharma', gender: 'FEMALE', phone: '+919876500002', dateOfBirth: addDays(addYears(today, -18), 1) }),
        // 41 today, and 40 until tomorrow.
        patientInput({ name: 'José D’Souza', gender: 'MALE', phone: '+919876500003', dateOfBirth: addYears(today, -41) }),
        patientInput({ name: 'Lakshmi Reddy', gender: 'FEMALE', phone: '+919876500004', dateOfBirth: addDays(addYears(today, -41), 1) }),
        patientInput({ name: 'Gurpreet Kaur', gender: 'FEMALE', phone: '+919811100005', dateOfBirth: '1944-03-02' }),
        patientInput({ name: 'Ananya Iyer', gender: 'OTHER', phone: '+919811100006', dateOfBirth: null }),
        patientInput({ name: '-2+3 Cmd', gender: 'MALE', phone: '+919811100007', dateOfBirth: '2000-01-01', address: 'Flat 4, "Shanti", FC Road' }),
      ];
      for (const row of rows) expect((await worker.post('/api/patients', row)).statusCode).toBe(201);
    });

    const list = async (query: string) => {
      const response = await worker.get(`/api/patients?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: PatientSummary[]; total: number; page: number; pageSize: number }>();
    };
    const names = async (query: string) => (await list(query)).data.map((p) => p.name);

    it('finds patients by word prefix, case and accents ignored', async () => {
      expect(await names('search=sharma')).toEqual(['Priya Sharma', 'Rahul Sharma']);
      expect(await names('search=RAH')).toEqual(['Rahul Sharma']);
      expect(await names('search=jose')).toEqual(['José D’Souza']);
      expect(await names('search=d%E2%80%99sou')).toEqual(['José D’Souza']);
      expect(await names('search=kaur')).toEqual(['Gurpreet Kaur']);
      expect(await names('search=aur')).toEqual([]);
    });

    it('finds patients by phone digits anywhere in the number', async () => {
      expect(await names('search=98765')).toEqual(['José D’Souza', 'Lakshmi Reddy', 'Priya Sharma', 'Rahul Sharma']);
      expect(await names('search=00005')).toEqual(['Gurpreet Kaur']);
      expect(await names(`search=${encodeURIComponent('+91 98111 00006')}`)).toEqual(['Ananya Iyer']);
      expect(await names('search=12')).toEqual([]);
    });

    it("answers the list's columns only: no notes, address, e-mail or date of birth, the age instead", async () => {
      const { data } = await list('pageSize=200&search=cmd');
      expect(data).toHaveLength(1);
      expect(Object.keys(data[0]!).sort()).toEqual(Object.keys(patientSummarySchema.shape).sort());
      expect(data[0]).toMatchObject({ name: '-2+3 Cmd', gender: 'MALE', bloodGroup: 'B+', age: Number(today.slice(0, 4)) - 2000 });
      expect(JSON.stringify(data)).not.toContain('Shanti');
      // The record itself still has all of it.
      const record = (await worker.get(`/api/patients/${data[0]!.id}`)).json<Record<string, unknown>>();
      expect(record).toMatchObject({ dateOfBirth: '2000-01-01', address: 'Flat 4, "Shanti", FC Road' });
      const undated = (await list('search=ananya')).data[0]!;
      expect(undated.age).toBeNull();
    });

    it('filters by gender and by age band, leaving out patients without a date of birth', async () => {
      expect(await names('gender=FEMALE')).toEqual(['Gurpreet Kaur', 'Lakshmi Reddy', 'Priya Sharma']);
      expect(await names('ageBand=0-17')).toEqual(['Priya Sharma']);
      expect(await names('ageBand=18-40')).toEqual(['-2+3 Cmd', 'Lakshmi Reddy', 'Rahul Sharma']);
      expect(await names('ageBand=41-60')).toEqual(['José D’Souza']);
      expect(await names('ageBand=61%2B')).toEqual(['Gurpreet Kaur']);
      expect(await names('ageBand=61%2B&gender=MALE')).toEqual([]);
      expect((await worker.get('/api/patients?ageBand=old&gender=X')).statusCode).toBe(400);
    });

    it('pages with totals and sorts by date of birth, undated last', async () => {
      const first = await list('sort=dateOfBirth&pageSize=3');
      expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
      expect(first.data.map((p) => p.name)).toEqual(['Gurpreet Kaur', 'José D’Souza', 'Lakshmi Reddy']);
      const last = await list('sort=dateOfBirth&pageSize=3&page=3');
      expect(last.data.map((p) => p.name)).toEqual(['Ananya Iyer']);
      expect(await names('sort=dateOfBirth&order=desc&pageSize=2')).toEqual(['Priya Sharma', 'Rahul Sharma']);
      expect((await list('page=9')).data).toEqual([]);
    });

    // A search counts its matches in the statement that reads its page; past the last page, where
    // no row carries the count, it is counted apart.
    it("answers a search's exact total on every page, the last, and one past it", async () => {
      for (const [search, names] of [
        ['98765', ['José D’Souza', 'Lakshmi Reddy', 'Priya Sharma', 'Rahul Sharma']],
        ['sharma', ['Priya Sharma', 'Rahul Sharma']],
        ['sharma&gender=FEMALE', ['Priya Sharma']],
        ['98111&sort=createdAt', ['Gurpreet Kaur', 'Ananya Iyer', '-2+3 Cmd']],
      ] as const) {
        const pages = [];
        for (let page = 1; page <= names.length + 1; page += 1) pages.push(await list(`search=${search}&pageSize=1&page=${page}`));
        expect(
          pages.map((p) => p.total),
          search,
        ).toEqual(pages.map(() => names.length));
        expect(
          pages.flatMap((p) => p.data.map((patient) => patient.name)),
          search,
        ).toEqual(names);
      }
      expect(await list('search=55555&page=1')).toMatchObject({ data: [], total: 0 });
      expect(await list('search=55555&page=2')).toMatchObject({ data: [], total: 0 });
    });

    it('exports the filtered patients as CSV with a formula guard and quoted addresses', async () => {
      const response = await worker.get('/api/patients/export.csv?ageBand=18-40&sort=name');
      expect(response.headers['content-disposition']).toMatch(/filename="patients-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = response.body.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe('UHID,Name,Phone,E-mail,Gender,Date of birth,Date of birth estimated,Blood group,Address,Notes,ABHA number,ABHA address,Registered');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(/^MR-\d{6},'-2\+3 Cmd,'\+919811100007,,Male,2000-01-01,No,B\+,"Flat 4, ""Shanti"", FC Road",,,,/);
      expect(response.body).not.toContain('Gurpreet');
    });
  });

  // At 23:55 in India it is already 08:25 tomorrow on Kiritimati (UTC+14): its staff count ages by their own today.
  describe('in an organisation whose today is ahead of India’s', () => {
    pinClockAt(BEFORE_MIDNIGHT);

    it('computes ages and age bands on the organisation’s calendar', async () => {
      const org = await createOrganisation(t.database.db);
      await t.database.db.update(organisations).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(organisations.id, org.id));
      const { worker } = await staffClients(t.app, org);
      const theirToday = addDays(indiaDate(), 1);
      const born = patientInput({ name: 'Teuea Birthday', gender: 'FEMALE', phone: '+919811100008', dateOfBirth: addYears(theirToday, -18) });
      expect((await worker.post('/api/patients', born)).statusCode).toBe(201);
      const { data } = (await worker.get('/api/patients?search=teuea')).json<{ data: PatientSummary[] }>();
      expect(data[0]?.age).toBe(18);
      expect((await worker.get('/api/patients?ageBand=18-40')).json<{ total: number }>().total).toBe(1);
      const csv = (await worker.get('/api/patients/export.csv?ageBand=0-17')).body;
      expect(csv).not.toContain('Teuea');
    });
  });
});
