// Where PostgreSQL writes its statement log, and reading what a request added to it: the impure
// half of statement-log.ts, shared by the benches that capture a request's SQL (budget.ts,
// booking-statements.ts).
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { SUPPORTED_LOG_LINE_PREFIX } from './statement-log.ts';

/** The server's log file when this process can read it: Debian's cluster log, or the collector's. */
export async function statementLogFile(client: pg.Client): Promise<string> {
  const setting = async (name: string) => (await client.query<Record<string, string>>(`show ${name}`)).rows[0]![name]!;
  const prefix = await setting('log_line_prefix');
  if (prefix !== SUPPORTED_LOG_LINE_PREFIX) throw new Error(`log_line_prefix is '${prefix}', the bench reads '${SUPPORTED_LOG_LINE_PREFIX}'`);
  let file = process.env.BENCH_POSTGRES_LOG;
  if (!file && (await setting('logging_collector')) === 'on') {
    const current = (await client.query<{ f: string | null }>(`select pg_current_logfile('stderr') as f`)).rows[0]?.f;
    if (current) file = current.startsWith('/') ? current : join(await setting('data_directory'), current);
  }
  if (!file) {
    // Debian runs each cluster with its stderr in /var/log/postgresql/postgresql-<major>-<cluster>.log.
    const dataDirectory = await setting('data_directory');
    const [major, cluster] = dataDirectory.split('/').slice(-2);
    file = `/var/log/postgresql/postgresql-${major}-${cluster}.log`;
  }
  try {
    closeSync(openSync(file, 'r'));
  } catch (error) {
    throw new Error(`PostgreSQL's log ${file} is not readable here (${(error as Error).message}); set BENCH_POSTGRES_LOG`, { cause: error });
  }
  return file;
}

/** The log's text from `offset` (its size before a request) to its end. */
export function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  if (size <= offset) return '';
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}
