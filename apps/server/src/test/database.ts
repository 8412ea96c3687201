import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, fromPool, pgliteOptions, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { withAdmin, workerDatabaseUrl } from './worker-databases.js';

export type Driver = 'pglite' | 'postgres';

// Tests may read the environment directly; the app reads it only through config.ts.
const sharedUrl = process.env.DATABASE_URL || undefined;

/** This worker's database: DATABASE_URL's name with this run's and worker's ids (test/worker-databases.ts). */
export const databaseUrl = sharedUrl && workerDatabaseUrl(sharedUrl, inject('databaseRunId'), process.env.VITEST_POOL_ID);

/** Creates this worker's database if an earlier file in the same slot has not. */
export async function ensureWorkerDatabase(): Promise<void> {
  if (!sharedUrl || !databaseUrl || databaseUrl === sharedUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  await withAdmin(sharedUrl, async (admin) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    await admin.query(`create database "${name}"`).catch((error: unknown) => {
      // Two files of one slot never overlap, but a rerun may race a teardown: an existing one is fine.
      if ((error as { code?: string }).code !== '42P04') throw error;
    });
  });
}

/**
 * The drivers a suite runs on: one, PostgreSQL when DATABASE_URL is set (CI; production's
 * driver), else PGlite (the embedded default, and what `npm test` uses on a developer's machine).
 * A suite whose SQL means the same on both gains nothing from running twice. The rule: a suite
 * about HTTP shapes — validation and the field it names, 401/403/404, what a route returns and
 * audits — uses `drivers`; one that would catch a difference between the drivers uses
 * `bothDrivers` (below).
 */
export const drivers: Driver[] = databaseUrl ? ['postgres'] : ['pglite'];

/**
 * PGlite always, PostgreSQL too when DATABASE_URL is set: for suites that exercise what differs
 * between the drivers — concurrency and locks (PGlite has one connection), exactly-once
 * delivery, the client adapters' type parsing and errors, extensions, outages — and for the
 * walks over every route (cross-tenant, the OpenAPI fuzz), which give CI every route on PGlite too.
 */
export const bothDrivers: Driver[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<File | Blob> | undefined;
let postgresMigrated: Promise<void> | undefined;

/** A fresh PGlite takes 1-2.5 s; loading a migrated dump takes ~0.3 s (design.md §9). */
async function migratedDump(): Promise<File | Blob> {
  const client = await PGlite.create(pgliteOptions());
  await runMigrations(fromPglite(client));
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

/**
 * A database for one test app. PGlite: a fresh copy of the migrated template. PostgreSQL: the
 * shared DATABASE_URL, migrated once per test process (an advisory lock serialises processes),
 * so tests create their own organisations and never assume an empty database.
 */
export async function createTestDatabase(driver: Driver, url = databaseUrl): Promise<Database> {
  if (driver === 'pglite') {
    pgliteTemplate ??= migratedDump();
    return fromPglite(await PGlite.create(pgliteOptions({ loadDataDir: await pgliteTemplate })));
  }
  if (!url) throw new Error('DATABASE_URL is not set');
  const database = fromPool(new pg.Pool({ connectionString: url, max: 5 }));
  if (url === databaseUrl) {
    postgresMigrated ??= runMigrations(database);
    await postgresMigrated;
  } else {
    await runMigrations(database);
  }
  return database;
}

/** A throw-away PostgreSQL database (for tests that need an empty one, like the seed). */
export async function withScratchPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const name = `caredesk_scratch_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  return withAdmin(databaseUrl, async (admin) => {
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      return await run(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  });
}
