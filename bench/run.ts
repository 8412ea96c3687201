import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createBenchDatabase } from './postgres.ts';
import { benchSettings, measure, scenarios, signInToken, type Measurement } from './scenarios.ts';
import { repoRoot, serverEntry, startServer } from './server.ts';
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

const loadAverage = (): string => loadavg().map((n) => n.toFixed(1)).join(' / ');

async function main(): Promise<void> {
  if (!existsSync(serverEntry)) {
    console.error(`${serverEntry} is missing. Build first: npx tsc -b packages/shared apps/server`);
    process.exitCode = 1;
    return;
  }
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
  const resultsDir = join(repoRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const when = new Date().toISOString();
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
  writeFileSync(
    join(resultsDir, 'latest.md'),
    `# CareDesk bench, ${when}\n\n${machine}; autocannon, ${benchSettings.connections} connections, ${benchSettings.durationSeconds} s per target; load average (1/5/15 min) ${loadAtStart} at start, ${loadAverage()} at end.\n\n${table}\n`,
  );
  console.log(`\nwritten to bench/results/latest.md`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
