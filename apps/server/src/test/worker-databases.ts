import { randomBytes } from 'node:crypto';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id in its worker databases' names (test/worker-databases.ts). */
    databaseRunId: string;
  }
}

/**
 * Vitest runs files in parallel workers, and apps on one database would drain each other's
 * outboxes and hear each other's NOTIFYs: each worker gets its own database beside
 * DATABASE_URL's, `<name>_r<run id>_w<pool id>`. The run id keeps two runs on one server (two
 * engineers, or CI jobs, on one DATABASE_URL) apart: a run's teardown drops its own databases
 * only, never those of a run still going.
 */
export function workerDatabaseUrl(url: string, runId: string, poolId: string | undefined): string {
  if (!poolId) return url;
  const worker = new URL(url);
  worker.pathname = `/${runPrefix(url, runId)}${poolId}`;
  return worker.toString();
}

/** A short id of this run, made once by the global setup and given to every worker. */
export function newRunId(): string {
  return randomBytes(4).toString('hex');
}

function runPrefix(url: string, runId: string): string {
  return `${new URL(url).pathname.slice(1)}_r${runId}_w`;
}

/** Runs `work` on a client of `url`'s server for creating and dropping databases, then closes it. */
export async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Drops this run's worker databases of `url` (the run's global teardown). */
export async function dropWorkerDatabases(url: string, runId: string): Promise<void> {
  const prefix = runPrefix(url, runId);
  await withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  });
}
