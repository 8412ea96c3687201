import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** What services use: the query builder common to both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is expected. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database =
  | { driver: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite; ping(): Promise<void>; close(): Promise<void> }
  | { driver: 'postgres'; db: NodePgDatabase<Schema>; pool: pg.Pool; ping(): Promise<void>; close(): Promise<void> };

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    driver: 'pglite',
    db,
    client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

const LEAK_GRACE_MS = 1000;
const checkedOut = new WeakSet<pg.PoolClient | pg.Client>();

/**
 * drizzle's transaction() checks a client out and sends BEGIN outside its try/finally, so a
 * connection that died just before (a database restart, a network drop) is never released: each
 * one costs the pool a client for good, and after `max` of them every request waits forever even
 * once the database is back. A client whose connection ended and that its holder has not released
 * shortly after is released here; the holder's own late release is then a no-op.
 */
function releaseLeaked(client: pg.PoolClient | pg.Client): void {
  setTimeout(() => {
    if (!checkedOut.has(client)) return;
    const poolClient = client as pg.PoolClient;
    const release = poolClient.release;
    poolClient.release = () => undefined;
    release(new Error('Connection ended while checked out'));
  }, LEAK_GRACE_MS).unref();
}

export function fromPool(pool: pg.Pool): Database {
  // An idle client losing its connection (a restart, a dropped database) must not crash the
  // process: pg re-emits it on the pool, which throws when nobody listens. The pool replaces it.
  pool.on('error', () => undefined);
  // A client checked out of the pool (a transaction, a query in flight) has no pool listener: when
  // its connection drops, pg fails its queries and also emits 'error', which would crash the
  // process. The failed queries already carry the error to their callers (503, db-errors.ts).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    client.on('end', () => releaseLeaked(client));
  });
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error: unknown, client: pg.PoolClient) => checkedOut.delete(client));
  const db = drizzleNodePg(pool, { schema });
  return {
    driver: 'postgres',
    db,
    pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Every embedded database loads the extensions the migrations create. */
export function pgliteOptions(options: PGliteOptions = {}): PGliteOptions {
  return { ...options, extensions: { pg_trgm, btree_gin } };
}

export interface DatabaseOptions {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: options.DATABASE_URL, max: 10, connectionTimeoutMillis: 5000 });
    return fromPool(pool);
  }
  return fromPglite(await PGlite.create(pgliteOptions({ dataDir: options.DATA_DIR })));
}
