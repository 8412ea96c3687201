/**
 * The SQL one POST /api/appointments runs, from PostgreSQL's statement log (statement-log.ts):
 * books a few free places one at a time on a server of this build and prints each booking's
 * statements up to its answer, and those it ran after answering (the audit chain's drain).
 *
 *   npx tsc -b packages/shared apps/server && BENCH_LOADED_URL=postgres://…/db npx tsx bench/booking-statements.ts
 *
 * Without BENCH_LOADED_URL it books on a fresh demo database, dropped afterwards. BENCH_BOOKINGS
 * (3) is how many are captured, after one that warms the server up. Sets `log_statement = 'all'`
 * on the database while it runs.
 */
import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchOrganisation, freePlaces } from './appointments.ts';
import { connectClient, createBenchDatabase } from './postgres.ts';
import { signInToken } from './scenarios.ts';
import { serverBuilt, startServer } from './server.ts';
import { parseStatementLog, statementsOfRequest } from './statement-log.ts';
import { readFrom, statementLogFile } from './statement-log-file.ts';

const CAPTURED = Number(process.env.BENCH_BOOKINGS ?? 3);

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const loaded = process.env.BENCH_LOADED_URL;
  const database = loaded ? { url: loaded, name: new URL(loaded).pathname.slice(1), drop: async () => undefined } : await createBenchDatabase();
  if (!database) throw new Error('no PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432');
  const client = await connectClient(database.url);
  // Checks the log's line prefix too: another one would parse to nothing.
  const logFile = await statementLogFile(client);
  // Set before the server opens its pool: a connection reads the setting when it starts.
  await client.query(`alter database ${database.name} set log_statement = 'all'`);
  const server = await startServer(database.url);
  try {
    const org = await benchOrganisation(client);
    const token = await signInToken(server.url);
    const { bookings } = await freePlaces(server.url, token, org, CAPTURED + 1);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
    const book = async (body: unknown) => {
      const res = await fetch(`${server.url}/api/appointments`, { method: 'POST', headers, body: JSON.stringify(body) });
      await res.text();
      if (res.status !== 201) throw new Error(`POST /api/appointments answered ${res.status}`);
    };
    await book(bookings[0]);
    for (const body of bookings.slice(1, CAPTURED + 1)) {
      await sleep(500);
      const offset = statSync(logFile).size;
      const from = Date.now();
      await book(body);
      const to = Date.now();
      await sleep(1000);
      const { replay, afterReply } = statementsOfRequest(parseStatementLog(readFrom(logFile, offset), database.name), from, to);
      console.log(`\n== booking: ${replay.length} statements to the answer, ${afterReply.length} after it (${to - from} ms)`);
      replay.forEach((query, index) => console.log(`${String(index + 1).padStart(2)}. ${oneLine(query.sql).slice(0, 220)}`));
      afterReply.forEach((query) => console.log(` +. ${oneLine(query.sql).slice(0, 220)}`));
    }
  } finally {
    await server.stop();
    await client.query(`alter database ${database.name} reset log_statement`);
    await client.end();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
