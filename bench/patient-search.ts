/**
 * Patient search bench (issue #3): 200,000 patients in one organisation, then 1,000,000 across
 * 50 organisations (the demo hospital keeps its 200,000; 49 more get 16,327 each), on PGlite and
 * PostgreSQL. For each: the patient list search (GET /api/patients?search=…&pageSize=25) and the
 * header search (GET /api/search?q=…), at 10 connections (the budget of issue #18) and 50, a mix of type-ahead terms, p50/p95/p99
 * from every response's latency; plus the database alone (count + first page, one at a time),
 * with the SQL of before migration 0022 beside today's.
 *
 *   npx tsc -b packages/shared apps/server && npm run bench:search -w @caredesk/bench
 *
 * BENCH_ONLY (pglite | postgres) runs one database; BENCH_CONNECTIONS ('10,50') the HTTP loads;
 * BENCH_LOADED_URL, a PostgreSQL database an earlier run loaded and kept (the demo seed and the
 * 1,000,000 patients), measures that one at 1M without loading it again (it takes most of an hour
 * on a busy 2-core machine): it is migrated by the server and left as it is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { runLoad } from './load.ts';
import { bulkLoadPatients, insertOrganisationsSql, insertPatientsSql, SEARCH_TERMS } from './patient-data.ts';
import { connectClient, createBenchDatabase } from './postgres.ts';
import { signInToken } from './scenarios.ts';
import { serverBuilt, startServer, type RunningServer } from './server.ts';
import { loadAverage, machineLine, percentile, round1 as round, writeResult } from './stats.ts';
import { markdownTable } from './table.ts';

const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 8);
const BIG_ORG_PATIENTS = 200_000;
const OTHER_ORGS = 49;
const OTHER_ORG_PATIENTS = 16_327; // 200,000 + 49 × 16,327 ≈ 1,000,000
const DEMO_ADMIN = 'admin@hospital.demo';

interface Row {
  target: string;
  database: string;
  dataset: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Run SQL on either driver. */
interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

async function loadPatients(sql: Sql, organisationId: string, count: number): Promise<void> {
  await bulkLoadPatients(sql, async () => {
    await sql.query(insertPatientsSql(organisationId, count));
  });
}

async function addOtherOrganisations(sql: Sql): Promise<void> {
  const orgs = await sql.query<{ id: string }>(insertOrganisationsSql(OTHER_ORGS, `bench-${Date.now()}`));
  await bulkLoadPatients(sql, async () => {
    for (const org of orgs) await sql.query(insertPatientsSql(org.id, OTHER_ORG_PATIENTS));
  });
}

async function demoOrganisation(sql: Sql): Promise<string> {
  const [row] = await sql.query<{ organisation_id: string }>('select organisation_id from staff where email = $1', [DEMO_ADMIN]);
  if (!row) throw new Error(`${DEMO_ADMIN} is missing: did the demo seed run?`);
  return row.organisation_id;
}

/** A search term's WHERE on patients as the list filtered before patient_name_words (migration 0022), and its parameters. */
function likeShape(organisationId: string, term: string): { where: string; params: unknown[] } {
  const digits = term.replace(/\D/g, '');
  return digits.length >= 3
    ? { where: 'phone_digits like $2', params: [organisationId, `%${digits}%`] }
    : { where: '(name_key like $2 or name_key like $3)', params: [organisationId, `${term}%`, `% ${term}%`] };
}

/**
 * The list query's SQL (modules/patients patientListQueries), timed alone. `words`: today's, one
 * statement per search, the first page carrying its count and the zone; a name search reads its
 * page from patient_name_prefixes (migration 0034), its count from patient_name_prefix_counts or
 * patient_name_words; a phone search patients (counted by count(*) over ()). Else
 * count + first page with name_key LIKEs, as before migration 0022, for the ratio.
 */
async function databaseOnly(sql: Sql, organisationId: string, database: string, dataset: string, words: boolean): Promise<Row> {
  const latencies: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const term of SEARCH_TERMS) {
      const started = performance.now();
      const zone = '(select time_zone from organisations where id = $1)';
      const digits = term.replace(/\D/g, '');
      if (words && digits.length < 3) {
        // As the app's prepared statement has it (modules/patients nameSearchPage): the page from
        // patient_name_prefixes in its index's name order; the total one row of the kept counts for
        // a term of up to three characters, else the term's range of patient_name_words counted.
        const chars = [...term];
        const byPrefix = chars.length <= 3;
        const params: unknown[] = [organisationId, chars.slice(0, 3).join(''), `${term}%`, `% ${term}%`];
        if (!byPrefix) params.push(chars.length);
        const total = byPrefix
          ? 'coalesce((select patients from patient_name_prefix_counts c where c.organisation_id = $1 and c.prefix = $2), 0)'
          : '(select count(*) from patient_name_words w where w.organisation_id = $1 and w.word like $3 and w.repeat_length < $5)';
        await sql.query(
          `select p.id, p.name, p.phone, ${total} as total, ${zone}
           from (select n.patient_id, n.name_key from patient_name_prefixes n
             where n.organisation_id = $1 and n.prefix = $2 and (n.name_key like $3 or n.name_key like $4)
             order by n.name_key asc, n.patient_id asc limit 25) f
           join patients p on p.id = f.patient_id order by f.name_key asc nulls last, f.patient_id asc`,
          params,
        );
      } else if (words) {
        // Digits: the phone anywhere in the number, or the UHID's number (patientSearchCondition).
        await sql.query(
          `select id, name, phone, count(*) over () as total, ${zone} from patients where organisation_id = $1 and (phone_digits like $2 or uhid_number = $3)
           order by name_key asc nulls last, id asc limit 25`,
          [organisationId, `%${digits}%`, Number(digits)],
        );
      } else {
        const { where, params } = likeShape(organisationId, term);
        await sql.query(`select id, name, phone from patients where organisation_id = $1 and ${where} order by name_key asc nulls last, id asc limit 25`, params);
        await sql.query(`select count(*) from patients where organisation_id = $1 and ${where}`, params);
      }
      latencies.push(performance.now() - started);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    target: words ? 'DB only: page with its count, 1 at a time' : 'DB only, name_key LIKE (before 0022)',
    database,
    dataset,
    connections: 1,
    requestsPerSecond: NaN,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    non2xx: 0,
    errors: 0,
  };
}

/** Both shapes of the database-only timing, side by side in one run. */
async function databaseRows(sql: Sql, organisationId: string, database: string, dataset: string): Promise<Row[]> {
  return [await databaseOnly(sql, organisationId, database, dataset, false), await databaseOnly(sql, organisationId, database, dataset, true)];
}

async function measureHttp(
  server: RunningServer,
  token: string,
  target: string,
  pathFor: (term: string) => string,
  database: string,
  dataset: string,
  connections: number,
): Promise<Row> {
  let next = 0;
  const result = await runLoad({
    url: server.url,
    connections,
    duration: DURATION_SECONDS,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: pathFor(SEARCH_TERMS[next++ % SEARCH_TERMS.length]!) }),
      },
    ],
  });
  const { requestsPerSecond, p50, p95, p99, non2xx, errors } = result;
  return { target, database, dataset, connections, requestsPerSecond, p50, p95, p99, non2xx, errors };
}

async function benchHttp(server: RunningServer, database: string, dataset: string, rows: Row[]): Promise<void> {
  const token = await signInToken(server.url);
  const probe = await fetch(`${server.url}/api/patients?search=ra&pageSize=25`, { headers: { authorization: `Bearer ${token}` } });
  for (const connections of CONNECTIONS) {
    if (probe.status === 200) {
      console.log(`${database} ${dataset}: GET /api/patients?search=…, ${connections} connections`);
      rows.push(
        await measureHttp(
          server,
          token,
          'GET /api/patients?search=…&pageSize=25',
          (t) => `/api/patients?search=${encodeURIComponent(t)}&pageSize=25`,
          database,
          dataset,
          connections,
        ),
      );
    } else {
      console.log(`${database}: /api/patients answered ${probe.status}; list skipped`);
    }
    console.log(`${database} ${dataset}: GET /api/search?q=…, ${connections} connections`);
    rows.push(await measureHttp(server, token, 'GET /api/search?q=… (header)', (t) => `/api/search?q=${encodeURIComponent(t)}&limit=8`, database, dataset, connections));
  }
}

const DATASET_200K = '200k, 1 org';
const DATASET_1M = '1M, 50 orgs';

async function withPglite<T>(dataDir: string, run: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gin } });
  try {
    return await run({ query: async <R>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows });
  } finally {
    await client.close();
  }
}

/** PGlite is one process per data dir: the server stops while this process writes, then restarts. */
async function benchPglite(rows: Row[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'caredesk-search-bench-'));
  try {
    console.log('\nPGlite: first start (migrations + demo seed)…');
    await (await startServer(undefined, { dataDir })).stop();

    let started = Date.now();
    await withPglite(dataDir, async (sql) => {
      const org = await demoOrganisation(sql);
      await loadPatients(sql, org, BIG_ORG_PATIENTS);
      await sql.query('vacuum analyze patients, patient_name_words');
      console.log(`PGlite: 200,000 patients loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      rows.push(...(await databaseRows(sql, org, 'PGlite', DATASET_200K)));
    });
    let server = await startServer(undefined, { dataDir });
    try {
      await benchHttp(server, 'PGlite', DATASET_200K, rows);
    } finally {
      await server.stop();
    }

    started = Date.now();
    await withPglite(dataDir, async (sql) => {
      await addOtherOrganisations(sql);
      await sql.query('vacuum analyze patients, patient_name_words');
      console.log(`PGlite: 800,000 more patients in 49 organisations loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      rows.push(...(await databaseRows(sql, await demoOrganisation(sql), 'PGlite', DATASET_1M)));
    });
    server = await startServer(undefined, { dataDir });
    try {
      await benchHttp(server, 'PGlite', DATASET_1M, rows);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The 1M rows only, on a database already loaded (BENCH_LOADED_URL). */
async function benchLoadedPostgres(url: string, rows: Row[]): Promise<void> {
  console.log('\nPostgreSQL (already loaded): starting the server…');
  const server = await startServer(url);
  const client = await connectClient(url);
  const sql: Sql = { query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] };
  try {
    const [count] = await sql.query<{ n: number }>('select count(*)::int as n from patients');
    console.log(`PostgreSQL: ${count?.n.toLocaleString('en')} patients in the database`);
    rows.push(...(await databaseRows(sql, await demoOrganisation(sql), 'PostgreSQL', DATASET_1M)));
    await benchHttp(server, 'PostgreSQL', DATASET_1M, rows);
  } finally {
    await client.end();
    await server.stop();
  }
}

async function benchPostgres(rows: Row[]): Promise<void> {
  const loaded = process.env.BENCH_LOADED_URL;
  if (loaded) return benchLoadedPostgres(loaded, rows);
  const postgres = await createBenchDatabase();
  if (!postgres) {
    console.log('\nPostgreSQL: skipped (no DATABASE_URL and nothing answers on 127.0.0.1:5432)');
    return;
  }
  try {
    console.log('\nPostgreSQL: starting the server (migrations + demo seed)…');
    const server = await startServer(postgres.url);
    const client = await connectClient(postgres.url);
    const sql: Sql = { query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] };
    try {
      const org = await demoOrganisation(sql);
      let started = Date.now();
      await loadPatients(sql, org, BIG_ORG_PATIENTS);
      await sql.query('vacuum analyze patients, patient_name_words');
      console.log(`PostgreSQL: 200,000 patients loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      rows.push(...(await databaseRows(sql, org, 'PostgreSQL', DATASET_200K)));
      await benchHttp(server, 'PostgreSQL', DATASET_200K, rows);

      started = Date.now();
      await addOtherOrganisations(sql);
      await sql.query('vacuum analyze patients, patient_name_words');
      console.log(`PostgreSQL: 800,000 more patients in 49 organisations loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      rows.push(...(await databaseRows(sql, org, 'PostgreSQL', DATASET_1M)));
      await benchHttp(server, 'PostgreSQL', DATASET_1M, rows);
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    await postgres.drop();
  }
}

function formatRows(rows: Row[]): string {
  const header = ['target', 'database', 'data', 'conns', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx', 'errors'];
  const cells = rows.map((r) => [
    r.target,
    r.database,
    r.dataset,
    String(r.connections),
    Number.isNaN(r.requestsPerSecond) ? '–' : r.requestsPerSecond.toFixed(0),
    String(r.p50),
    String(r.p95),
    String(r.p99),
    String(r.non2xx),
    String(r.errors),
  ]);
  return markdownTable(header, cells, 3);
}

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const loadAtStart = loadAverage();
  const rows: Row[] = [];
  const only = process.env.BENCH_ONLY; // 'pglite' | 'postgres'
  if (only !== 'postgres') await benchPglite(rows);
  if (only !== 'pglite') await benchPostgres(rows);
  const table = formatRows(rows);
  const note = `${machineLine()}; autocannon at ${CONNECTIONS.join(' and ')} connections, ${DURATION_SECONDS} s per target, terms cycled from ${SEARCH_TERMS.length} (names, surnames, name + surname start, phone fragments); p95 from every response's latency; load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.`;
  console.log(`\n${table}\n\n${note}`);
  writeResult('patient-search.md', `# Patient search bench, ${new Date().toISOString()}\n\n${note}\n\n${table}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
