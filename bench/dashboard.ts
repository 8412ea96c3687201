/**
 * Dashboard bench (issue #8): PostgreSQL with 1,000,000 appointments (appointment-data.ts, the
 * booking bench's data set, generated on the demo doctors' real slots; today keeps the demo
 * seed's visits, checked in, called and completed with queue times), then GET /api/dashboard
 * at 1 and 10 connections for the demo hospital's admin (most of the appointments) and the
 * multi-speciality admin (appointments and bookings), p50/p95/p99 from every response.
 * Target: p95 under 100 ms.
 *
 *   npx tsc -b packages/shared apps/server && npm run bench:dashboard -w @caredesk/bench
 *
 * BENCH_APPOINTMENTS (1000000) and BENCH_DURATION_SECONDS (per run, 10) shorten it. To measure
 * again without loading again: BENCH_KEEP_DATABASE=1 keeps the database and prints its URL;
 * BENCH_DATABASE_URL=<that URL> reuses it (the server still applies new migrations on start).
 */
import type pg from 'pg';
import { loadAppointments } from './appointment-data.ts';
import { benchOrganisation } from './appointments.ts';
import { runLoad, type LoadResult } from './load.ts';
import { connectClient, createBenchDatabase, type BenchDatabase } from './postgres.ts';
import { BENCH_ACCOUNT } from './scenarios.ts';
import { serverBuilt, startServer, type RunningServer } from './server.ts';
import { loadAverage, machineLine, writeResult } from './stats.ts';
import { markdownTable } from './table.ts';

const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 1_000_000);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = [1, 10];
const ACCOUNTS = [BENCH_ACCOUNT.email, 'admin@multi.demo'];

interface Row {
  account: string;
  connections: number;
  result: LoadResult;
}

async function signInAs(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_ACCOUNT.password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return body.access_token;
}

async function dashboard(server: RunningServer, token: string, connections: number): Promise<LoadResult> {
  return runLoad({
    url: `${server.url}/api/dashboard`,
    connections,
    duration: DURATION_SECONDS,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
}

async function describeData(client: pg.Client): Promise<string> {
  const parts: string[] = [];
  const {
    rows: [all],
  } = await client.query<{ appointments: number; bookings: number }>(
    'select (select count(*)::int from appointments) as appointments, (select count(*)::int from bookings) as bookings',
  );
  parts.push(`${all?.appointments.toLocaleString('en')} appointments and ${all?.bookings.toLocaleString('en')} bookings in the tables`);
  for (const email of ACCOUNTS) {
    const org = await benchOrganisation(client, email);
    const {
      rows: [mine],
    } = await client.query<{ total: number; last30: number; today: number; bookings: number }>(
      `select count(*)::int as total, (count(*) filter (where date > $2::date - 30 and date <= $2::date))::int as last30,
         (count(*) filter (where date = $2::date))::int as today,
         (select count(*)::int from bookings where organisation_id = $1) as bookings
       from appointments where organisation_id = $1`,
      [org.id, org.today],
    );
    parts.push(
      `${email}'s organisation: ${mine?.total.toLocaleString('en')} appointments (${mine?.last30.toLocaleString('en')} in the last 30 days, ${mine?.today} today), ${mine?.bookings.toLocaleString('en')} bookings`,
    );
  }
  return parts.join('; ');
}

async function database(): Promise<{ url: string; fresh: boolean; bench?: BenchDatabase }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, fresh: false };
  const bench = await createBenchDatabase();
  if (!bench) throw new Error('no PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432');
  return { url: bench.url, fresh: true, bench };
}

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const loadAtStart = loadAverage();
  const db = await database();
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    console.log('PostgreSQL: starting the server (migrations, and the demo seed on a new database)…');
    const server = await startServer(db.url);
    const client = await connectClient(db.url);
    try {
      if (db.fresh) {
        console.log(`loading ${APPOINTMENTS.toLocaleString('en')} appointments…`);
        const loaded = await loadAppointments(client, { count: APPOINTMENTS, futureDays: 60, futureFill: 0.35 });
        notes.push(`${loaded.rows.toLocaleString('en')} appointments generated (${loaded.timings}) over ${loaded.pastDays} past days and ${loaded.futureDays} days ahead`);
      } else {
        notes.push('reused a loaded database (BENCH_DATABASE_URL)');
      }
      const data = await describeData(client);
      console.log(data);
      notes.push(data);

      for (const email of ACCOUNTS) {
        const token = await signInAs(server.url, email);
        for (const connections of CONNECTIONS) {
          console.log(`GET /api/dashboard as ${email}: ${connections} connection(s), ${DURATION_SECONDS} s…`);
          rows.push({ account: email, connections, result: await dashboard(server, token, connections) });
        }
      }
    } finally {
      await client.end();
      await server.stop();
    }
  } finally {
    if (db.bench && process.env.BENCH_KEEP_DATABASE) console.log(`kept: BENCH_DATABASE_URL=${db.url}`);
    else await db.bench?.drop();
  }

  const table = markdownTable(
    ['GET /api/dashboard as', 'conns', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors'],
    rows.map(({ account, connections, result: r }) => [
      account,
      String(connections),
      String(r.samples),
      r.requestsPerSecond.toFixed(0),
      String(r.p50),
      String(r.p95),
      String(r.p99),
      String(r.max),
      String(r.non2xx),
      String(r.errors),
    ]),
    1,
  );
  const note = [
    `${machineLine()}; PostgreSQL (local), one server process (pg pool of 10); autocannon, ${DURATION_SECONDS} s per row; p50/p95/p99 from every response's latency. Target p95 < 100 ms.`,
    ...notes.map((n) => `${n}.`),
    `Load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.`,
  ].join('\n\n');
  console.log(`\n${table}\n\n${note}`);
  writeResult('dashboard.md', `# Dashboard bench, ${new Date().toISOString()}\n\n${note}\n\n${table}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
