import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPool, pgliteOptions, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

export type Driver = 'pglite' | 'postgres';

// Tests may read the environment directly; the app reads it only through config.ts.
export const databaseUrl = process.env.DATABASE_URL || undefined;

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const drivers: Driver[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];

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
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
