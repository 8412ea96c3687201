import { patientListQuerySchema, searchKey, todayIn, type PatientSummary } from '@caredesk/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { patientNameWords } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/list-query.js';
import { useTestApp } from '../../test/app.js';
import { bothDrivers } from '../../test/database.js';
import { createOrganisation, patientInput, staffClients, type ApiClient } from '../../test/fixtures.js';
import { patientListQueries } from './service.js';

/** Rows of a statement on either driver. */
async function rowsOf<T>(database: Database, text: string, params: unknown[]): Promise<T[]> {
  if (database.driver === 'pglite') return (await database.client.query<T>(text, params)).rows;
  return (await database.pool.query(text, params)).rows as T[];
}

/** The plan of a statement when sequential scans cost as much as the planner allows: one appears only where no index can serve. */
async function planOf(database: Database, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const explain = `explain ${sql}`;
  if (database.driver === 'pglite') {
    return database.client.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return (await tx.query<{ 'QUERY PLAN': string }>(explain, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(explain, params);
    await client.query('rollback');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

/**
 * The plan a prepared statement gets when made for any values (PostgreSQL's generic plan, what a
 * named statement ends up running once its custom plans cost no less): the values are unknown to it.
 */
async function genericPlanOf(database: Database, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
  const statements = [
    'set local plan_cache_mode = force_generic_plan',
    'set local enable_seqscan = off',
    `prepare generic_plan_probe as ${sql}`,
    `explain execute generic_plan_probe(${params.map(literal).join(', ')})`,
  ];
  if (database.driver === 'pglite') {
    return database.client.transaction(async (tx) => {
      let rows: { 'QUERY PLAN': string }[] = [];
      for (const statement of statements) rows = (await tx.query<{ 'QUERY PLAN': string }>(statement)).rows;
      await tx.query('deallocate generic_plan_probe');
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    let rows: { 'QUERY PLAN': string }[] = [];
    for (const statement of statements) rows = (await client.query<{ 'QUERY PLAN': string }>(statement)).rows;
    await client.query('rollback');
    await client.query('deallocate generic_plan_probe');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

// Names whose words share beginnings, repeat, carry accents, apostrophes and LIKE's wildcards.
const NAMES = [
  'Ravi Ravi Rao',
  'Ravi Rao',
  'Rao Ravindra',
  'Rahul Kumar Sharma',
  'Sharmila Rahul',
  'Kumar Kumaran',
  'José D’Souza',
  'Anna Marie-Claire Dsouza',
  'Priya_K Sharma',
  'Raj 50% Off',
  'Ananya Iyer',
];
const TERMS = [
  'ra',
  'rav',
  'ravi',
  'ravi r',
  'ravi ra',
  'ravi rao',
  'ravi ravi',
  'rao',
  'rao r',
  'sharm',
  'rahul',
  'kumar',
  'kumar k',
  'kumar kumaran',
  'jose d',
  'd’s',
  'dsou',
  'marie-c',
  'claire',
  'priya_',
  'priya%',
  '_k',
  '50%',
  '%',
  'x',
  'ANANYA',
];

describe.each(bothDrivers)('patients: name search from patient_name_words (%s)', (driver) => {
  const t = useTestApp(driver);
  let worker: ApiClient;
  let organisationId: string;

  beforeAll(async () => {
    const org = await createOrganisation(t.database.db);
    organisationId = org.id;
    ({ worker } = await staffClients(t.app, org));
    for (const [index, name] of NAMES.entries()) {
      const gender = index % 2 === 0 ? 'MALE' : 'FEMALE';
      expect((await worker.post('/api/patients', patientInput({ name, gender }))).statusCode).toBe(201);
    }
    // Another organisation's namesakes stay out of every answer and count.
    const other = await staffClients(t.app, await createOrganisation(t.database.db));
    for (const name of NAMES) expect((await other.worker.post('/api/patients', patientInput({ name }))).statusCode).toBe(201);
  });

  /** What name search answered before patient_name_words: a word of name_key starts with the key. */
  const reference = async (term: string, extra = '', order = 'name_key asc, id asc') => {
    const key = escapeLike(searchKey(term));
    return (
      await rowsOf<{ name: string }>(t.database, `select name from patients where organisation_id = $1 and (name_key like $2 or name_key like $3) ${extra} order by ${order}`, [
        organisationId,
        `${key}%`,
        `% ${key}%`,
      ])
    ).map((r) => r.name);
  };
  const list = async (query: string) => {
    const response = await worker.get(`/api/patients?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: PatientSummary[]; total: number }>();
  };

  it('finds exactly the patients, in the order and with the totals, that name_key LIKE found', async () => {
    for (const term of TERMS) {
      const expected = await reference(term);
      const { data, total } = await list(`pageSize=200&search=${encodeURIComponent(term)}`);
      expect(
        data.map((p) => p.name),
        term,
      ).toEqual(expected);
      expect(total, term).toBe(expected.length);
    }
    // Spot checks that the reference itself is what users expect.
    expect(await reference('ravi r')).toEqual(['Ravi Rao', 'Ravi Ravi Rao']);
    expect(await reference('50%')).toEqual(['Raj 50% Off']);
  });

  it('pages, sorts and filters a name search like the rest of the list, with exact totals', async () => {
    const byNameDesc = await reference('ra', '', 'name_key desc, id desc');
    const first = await list('search=ra&order=desc&pageSize=2');
    expect(first.total).toBe(byNameDesc.length);
    expect(first.data.map((p) => p.name)).toEqual(byNameDesc.slice(0, 2));
    expect((await list('search=ra&order=desc&pageSize=2&page=2')).data.map((p) => p.name)).toEqual(byNameDesc.slice(2, 4));

    const newest = await reference('ra', '', 'created_at desc nulls last, id desc');
    expect((await list('search=ra&sort=createdAt&order=desc&pageSize=200')).data.map((p) => p.name)).toEqual(newest);

    const women = await reference('ra', "and gender = 'FEMALE'");
    const filtered = await list('search=ra&gender=FEMALE&pageSize=1');
    expect(filtered.total).toBe(women.length);
    expect(filtered.data.map((p) => p.name)).toEqual(women.slice(0, 1));
    expect((await list('search=ra&gender=OTHER')).total).toBe(0);
  });

  it('follows a change of name and forgets a deleted patient', async () => {
    const created = (await worker.post('/api/patients', patientInput({ name: 'Zubin Mehta' }))).json<{ id: string }>();
    expect((await list('search=zubin')).total).toBe(1);
    expect((await worker.patch(`/api/patients/${created.id}`, { name: 'Zarina Wahab' })).statusCode).toBe(200);
    expect((await list('search=zubin')).total).toBe(0);
    expect((await list('search=wahab')).data.map((p) => p.name)).toEqual(['Zarina Wahab']);
    // The header search reads the same words.
    const header = (await worker.get('/api/search?q=zari&limit=8')).json<{ data: { kind: string; title: string }[] }>();
    expect(header.data.filter((r) => r.kind === 'patient').map((r) => r.title)).toEqual(['Zarina Wahab']);

    expect((await worker.delete(`/api/patients/${created.id}`)).statusCode).toBe(204);
    expect((await list('search=wahab')).total).toBe(0);
    const left = await t.database.db.select().from(patientNameWords).where(eq(patientNameWords.patientId, created.id));
    expect(left).toEqual([]);
  });

  it('answers a name search and its count from the words index, never scanning patients', async () => {
    const today = todayIn('Asia/Kolkata');
    const queries = (query: Record<string, string>) => patientListQueries(t.database.db, organisationId, patientListQuerySchema.parse(query), today);

    const plain = queries({ search: 'ra' });
    const countPlan = await planOf(t.database, plain.total);
    expect(countPlan).toContain('patient_name_words_search_idx');
    expect(countPlan).not.toContain('Seq Scan');
    // The count alone never reads patients.
    expect(countPlan).not.toContain(' on patients');
    // The page: the prefix's entries of patient_name_prefixes, in name order as the index holds
    // them (a Limit straight over the index scan, no sort), then patients by id only; its total
    // one row of the maintained counts.
    const pagePlan = await planOf(t.database, plain.page);
    expect(pagePlan).toMatch(/Limit .*\n\s*-> +Index (Only )?Scan using patient_name_prefixes_pk/);
    expect(pagePlan).toContain('patient_name_prefix_counts');
    expect(pagePlan).not.toContain('patient_name_words');
    expect(pagePlan).toContain('patients_pkey on patients');
    expect(pagePlan).not.toContain('Seq Scan');
    const backwards = await planOf(t.database, queries({ search: 'ra', order: 'desc' }).page);
    expect(backwards).toMatch(/Limit .*\n\s*-> +Index (Only )?Scan Backward using patient_name_prefixes_pk/);

    // The list's search runs prepared (service.ts nameSearchStatements): a plan made without the
    // values must still read only the organisation's entries of the prefix, in order.
    const genericPlan = await genericPlanOf(t.database, plain.page);
    expect(genericPlan).toMatch(/Limit .*\n\s*-> +Index (Only )?Scan using patient_name_prefixes_pk/);
    expect(genericPlan).toMatch(/Index Cond: .*organisation_id = .*prefix = /);
    expect(genericPlan).not.toContain('Seq Scan');

    // Longer than the prefixes: the same walk filtered by name_key, counted from the words' range.
    const longer = queries({ search: 'ravi r' }).page;
    const longerPlan = await planOf(t.database, longer);
    expect(longerPlan).toMatch(/Limit .*\n\s*-> +Index (Only )?Scan using patient_name_prefixes_pk/);
    expect(longerPlan).toContain('patient_name_words_search_idx');
    expect(longerPlan).not.toContain('Seq Scan');
    const longerGeneric = await genericPlanOf(t.database, longer);
    expect(longerGeneric).toMatch(/Index Cond: .*organisation_id = .*word ~>=~ .*word ~<~ /);
    expect(longerGeneric).not.toContain('Seq Scan');

    const filtered = queries({ search: 'ravi r', gender: 'MALE', sort: 'createdAt' });
    for (const query of [filtered.page, filtered.total]) {
      const plan = await planOf(t.database, query);
      expect(plan).toMatch(/patient_name_words_(search|name)_idx/);
      expect(plan).not.toContain('Seq Scan');
    }
  });

  /**
   * patient_name_prefixes and patient_name_prefix_counts of an organisation as they must be for its
   * patients now, worked out here from each name_key (the beginnings of one to three characters of
   * the name from each word on), beside what the tables hold.
   */
  const prefixesOf = async (organisation: string) => {
    const patientsNow = await rowsOf<{ id: string; name_key: string }>(t.database, 'select id, name_key from patients where organisation_id = $1', [organisation]);
    const expectedRows: string[] = [];
    const expectedCounts: Record<string, number> = {};
    for (const { id, name_key: key } of patientsNow) {
      const chars = [...key];
      const beginnings = new Set<string>();
      chars.forEach((_, i) => {
        if (i > 0 && chars[i - 1] !== ' ') return;
        for (let n = 1; n <= 3 && i + n <= chars.length; n += 1) beginnings.add(chars.slice(i, i + n).join(''));
      });
      for (const prefix of beginnings) {
        expectedRows.push(`${prefix}|${key}|${id}`);
        expectedCounts[prefix] = (expectedCounts[prefix] ?? 0) + 1;
      }
    }
    const stored = await rowsOf<{ row: string }>(t.database, `select prefix || '|' || name_key || '|' || patient_id as row from patient_name_prefixes where organisation_id = $1`, [
      organisation,
    ]);
    // A prefix nobody has any more may keep its row, at 0.
    const counts = await rowsOf<{ prefix: string; patients: number }>(
      t.database,
      'select prefix, patients from patient_name_prefix_counts where organisation_id = $1 and patients <> 0',
      [organisation],
    );
    return {
      expected: { rows: expectedRows.sort(), counts: expectedCounts },
      stored: { rows: stored.map((r) => r.row).sort(), counts: Object.fromEntries(counts.map((c) => [c.prefix, Number(c.patients)])) },
    };
  };
  const expectPrefixesInStep = async (organisation = organisationId) => {
    const { expected, stored } = await prefixesOf(organisation);
    expect(stored.rows).toEqual(expected.rows);
    expect(stored.counts).toEqual(expected.counts);
  };
  /** The list's answer to a term against name_key LIKE's: the same patients, order and total. */
  const expectSameAsReference = async (term: string) => {
    const expected = await reference(term);
    const { data, total } = await list(`pageSize=200&search=${encodeURIComponent(term)}`);
    expect(
      data.map((p) => p.name),
      term,
    ).toEqual(expected);
    expect(total, term).toBe(expected.length);
  };

  it('answers every beginning of up to three characters with its patients in order and its kept count', async () => {
    await expectPrefixesInStep();
    const beginnings = new Set<string>();
    for (const name of NAMES) {
      const key = [...searchKey(name)];
      key.forEach((_, i) => {
        if (i > 0 && key[i - 1] !== ' ') return;
        for (let n = 1; n <= 3 && i + n <= key.length; n += 1) beginnings.add(key.slice(i, i + n).join(''));
      });
    }
    expect(beginnings.size).toBeGreaterThan(30);
    for (const term of beginnings) await expectSameAsReference(term);
    // Page by page, both ways: the pages are the reference's slices and each carries the total.
    for (const order of ['asc', 'desc'] as const) {
      const expected = await reference('r', '', order === 'asc' ? 'name_key asc, id asc' : 'name_key desc, id desc');
      expect(expected.length).toBeGreaterThan(4);
      for (let page = 1; page <= Math.ceil(expected.length / 2) + 1; page += 1) {
        const answer = await list(`search=r&order=${order}&pageSize=2&page=${page}`);
        expect(answer.data.map((p) => p.name)).toEqual(expected.slice((page - 1) * 2, page * 2));
        expect(answer.total).toBe(expected.length);
      }
    }
  });

  it('keeps the prefixes and their counts in step with every insert, rename, phone change and delete, whoever writes', async () => {
    const created = async (name: string, phone?: string) => {
      const response = await worker.post('/api/patients', patientInput({ name, ...(phone ? { phone } : {}) }));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const quentin = await created('Quentin Quill', '+919000011111');
    const qasim = await created('Qasim Qureshi');
    await expectPrefixesInStep();
    for (const term of ['q', 'qu', 'qua', 'qui', 'que', 'quentin q']) await expectSameAsReference(term);
    expect((await list('search=qu')).total).toBe(2);

    // A rename through the API: the old beginnings forget the patient, the new ones count them.
    expect((await worker.patch(`/api/patients/${quentin}`, { name: 'Ravi Quinn' })).statusCode).toBe(200);
    await expectPrefixesInStep();
    expect((await list('search=que')).total).toBe(0);
    expect((await list('search=qui')).data.map((p) => p.name)).toEqual(['Ravi Quinn']);
    for (const term of ['q', 'qu', 'r', 'ra', 'rav', 'ravi q']) await expectSameAsReference(term);

    // A new phone: the digits find the patient by the new number only; the name's rows are untouched.
    const before = await prefixesOf(organisationId);
    expect((await worker.patch(`/api/patients/${quentin}`, { phone: '+919000022222' })).statusCode).toBe(200);
    expect((await list('search=90000222')).data.map((p) => p.name)).toEqual(['Ravi Quinn']);
    expect((await list('search=90000111')).total).toBe(0);
    expect((await prefixesOf(organisationId)).stored).toEqual(before.stored);
    await expectSameAsReference('qui');

    // Whoever writes: SQL of its own, outside the service, is followed the same way.
    await rowsOf(t.database, `update patients set name = 'Qamar Ravi', name_key = 'qamar ravi' where id = $1`, [qasim]);
    await expectPrefixesInStep();
    for (const term of ['qa', 'qam', 'qur', 'ravi', 'r']) await expectSameAsReference(term);
    await rowsOf(t.database, `update patients set notes = 'seen' where id = $1`, [qasim]);
    await expectPrefixesInStep();

    // Deletes: through the API, and by SQL.
    expect((await worker.delete(`/api/patients/${quentin}`)).statusCode).toBe(204);
    await expectPrefixesInStep();
    await rowsOf(t.database, 'delete from patients where id = $1', [qasim]);
    await expectPrefixesInStep();
    for (const term of ['q', 'qa', 'qui', 'r', 'ra', 'rav']) await expectSameAsReference(term);
    expect((await list('search=q')).total).toBe(0);
  });

  it('forgets an organisation’s prefixes and counts with the organisation', async () => {
    const org = await createOrganisation(t.database.db);
    const { worker: theirs } = await staffClients(t.app, org);
    expect((await theirs.post('/api/patients', patientInput({ name: 'Yamini Yadav' }))).statusCode).toBe(201);
    await expectPrefixesInStep(org.id);
    expect((await prefixesOf(org.id)).stored.rows.length).toBeGreaterThan(0);
    await rowsOf(t.database, 'delete from organisations where id = $1', [org.id]);
    const left = await rowsOf<{ n: number }>(
      t.database,
      'select (select count(*) from patient_name_prefixes where organisation_id = $1) + (select count(*) from patient_name_prefix_counts where organisation_id = $1) as n',
      [org.id],
    );
    expect(Number(left[0]!.n)).toBe(0);
  });
});
