/**
 * One PostgreSQL database holding both benches' 1M data sets (1,000,000 patients across 50
 * organisations and 1,000,000 appointments), created once and kept, for BENCH_LOADED_URL.
 *
 *   npx tsc -b packages/shared apps/server && BENCH_KEEP_NAME=mybench npx tsx bench/load-kept.ts
 */
import pg from 'pg';
import { loadAppointments } from './appointment-data.ts';
import { bulkLoadPatients, insertOrganisationsSql, insertPatientsSql } from './patient-data.ts';
import { connectClient } from './postgres.ts';
import { serverBuilt, startServer } from './server.ts';

const NAME = process.env.BENCH_KEEP_NAME ?? 'caredesk_bench_kept';
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) throw new Error('bad database name');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${NAME}`);
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:5432/${NAME}`;
  const server = await startServer(url);
  await server.stop();
  const client = await connectClient(url);
  try {
    let started = Date.now();
    const [demo] = (await client.query<{ organisation_id: string }>("select organisation_id from staff where email = 'admin@hospital.demo'")).rows;
    if (!demo) throw new Error('demo seed missing');
    const orgs = (await client.query<{ id: string }>(insertOrganisationsSql(49, `kept-${Date.now()}`))).rows;
    await bulkLoadPatients(client, async () => {
      await client.query(insertPatientsSql(demo.organisation_id, 200_000));
      for (const org of orgs) await client.query(insertPatientsSql(org.id, 16_327));
    });
    await client.query('vacuum analyze patients, patient_name_words');
    console.log(`patients loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    started = Date.now();
    const loaded = await loadAppointments(client, { count: 1_000_000, futureDays: 120, futureFill: 0.35 });
    console.log(`appointments: ${loaded.rows} (${loaded.timings})`);
    console.log(url);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
