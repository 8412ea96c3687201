import { createBenchDatabase } from './postgres.ts';
import { benchSettings, measure, scenarios, signInToken, type Measurement } from './scenarios.ts';
import { serverBuilt, startServer } from './server.ts';
import { loadAverage, machineLine, writeResult } from './stats.ts';
import { formatTable } from './table.ts';

async function benchOne(database: string, databaseUrl: string | undefined, results: Measurement[]): Promise<void> {
  console.log(`\n${database}: starting the server…`);
  const server = await startServer(databaseUrl);
  try {
    const token = await signInToken(server.url);
    for (const scenario of scenarios) {
      console.log(`${database}: ${scenario.target} (${benchSettings.connections} connections, ${benchSettings.durationSeconds} s)`);
      results.push(await measure(server.url, database, scenario, token));
    }
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  // Other work on a small machine moves these figures a lot; record how busy it was.
  const loadAtStart = loadAverage();
  const results: Measurement[] = [];
  await benchOne('PGlite', undefined, results);

  const postgres = await createBenchDatabase();
  if (postgres) {
    try {
      await benchOne('PostgreSQL', postgres.url, results);
    } finally {
      await postgres.drop();
    }
  } else {
    console.log('\nPostgreSQL: skipped (no DATABASE_URL and nothing answers on 127.0.0.1:5432)');
  }

  const table = formatTable(results);
  console.log(`\n${table}\n\nload average (1/5/15 min): ${loadAtStart} at start, ${loadAverage()} at end`);
  writeResult(
    'latest.md',
    `# CareDesk bench, ${new Date().toISOString()}\n\n${machineLine()}; autocannon, ${benchSettings.connections} connections, ${benchSettings.durationSeconds} s per target; load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.\n\n${table}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
