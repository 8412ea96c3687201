import pg from 'pg';

const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A fresh, empty database on the PostgreSQL server of DATABASE_URL, or on the local one when it
 * answers; undefined when there is no PostgreSQL to use. The demo seed only runs on an empty
 * database, so the bench never reuses one. With `template` (a database nobody is connected to),
 * a copy of that one instead.
 */
export async function createBenchDatabase(options: { template?: string } = {}): Promise<BenchDatabase | undefined> {
  const adminUrl = process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, 'postgres') : LOCAL_ADMIN_URL;
  if (!(await reachable(adminUrl))) return undefined;

  const name = `caredesk_bench_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A connected client of `url`; the caller ends it. */
export async function connectClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
