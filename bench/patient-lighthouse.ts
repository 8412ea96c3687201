// The patient app's first page under Lighthouse (issue 17): the mobile performance score of
// /p/{slug} at least 90 under Lighthouse's default mobile conditions (simulated slow 4G, 4x CPU
// slowdown, a Moto G Power screen), and the JavaScript the page downloads at most 120 KB as sent
// (the server compresses). Starts the built server on a fresh PGlite with the demo data and
// drives Debian's Chromium; builds nothing.
// Run: npx tsc -b packages/shared apps/server && npm run build -w @caredesk/patient
//      && npm run bench:patient-lighthouse -w @caredesk/bench
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChrome, lighthouseRuns, median, type LighthouseRun } from './chromium.ts';
import { repoRoot, serverBuilt, startServer } from './server.ts';

const SCORE_BUDGET = 90;
const SCRIPT_BUDGET_BYTES = 120 * 1024;
/** A demo organisation with doctors, facilities and online booking on (the seed gives it a slug). */
const SLUG = process.env.BENCH_SLUG ?? 'sanjeevani-hospital';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const server = await startServer();
  let runs: LighthouseRun[];
  try {
    const chrome = await launchChrome();
    try {
      runs = await lighthouseRuns(`${server.url}/p/${SLUG}`, chrome.port, RUNS);
    } finally {
      chrome.kill();
    }
  } finally {
    await server.stop();
  }

  const score = median(runs.map((run) => run.score));
  const scriptBytes = median(runs.map((run) => run.scriptBytes));
  const row = (label: string, value: string, budget = '', ok: boolean | null = null) => `| ${label} | ${value} | ${budget} | ${ok === null ? '' : ok ? 'met' : 'EXCEEDED'} |`;
  const lines = [
    `# Patient app: /p/${SLUG} under Lighthouse (mobile)`,
    '',
    `Lighthouse 12.8.2 with Debian's Chromium, default mobile settings (simulated slow 4G, 4x CPU). Median of ${RUNS} runs after one warm-up; the server on PGlite with the demo data.`,
    `Command: \`npm run bench:patient-lighthouse -w @caredesk/bench\` (after building the server and the patient app).`,
    '',
    '| Measure | Median | Budget | |',
    '|---|---|---|---|',
    row('Performance score', String(score), `≥ ${SCORE_BUDGET}`, score >= SCORE_BUDGET),
    row(
      'JavaScript as sent',
      `${(scriptBytes / 1024).toFixed(1)} KB (${median(runs.map((run) => run.scriptFiles))} files)`,
      `≤ ${SCRIPT_BUDGET_BYTES / 1024} KB`,
      scriptBytes <= SCRIPT_BUDGET_BYTES,
    ),
    row('First Contentful Paint', `${(median(runs.map((run) => run.fcpMs)) / 1000).toFixed(2)} s`),
    row('Largest Contentful Paint', `${(median(runs.map((run) => run.lcpMs)) / 1000).toFixed(2)} s`),
    row('Total Blocking Time', `${Math.round(median(runs.map((run) => run.tbtMs)))} ms`),
    row('Cumulative Layout Shift', median(runs.map((run) => run.cls)).toFixed(3)),
    '',
    `Runs (score / LCP ms / TBT ms / CLS / script bytes): ${runs.map((run) => `${run.score}/${Math.round(run.lcpMs)}/${Math.round(run.tbtMs)}/${run.cls.toFixed(3)}/${run.scriptBytes}`).join(', ')}`,
    '',
  ];
  const report = lines.join('\n');
  console.log(report);
  mkdirSync(join(repoRoot, 'bench/results'), { recursive: true });
  writeFileSync(join(repoRoot, 'bench/results/patient-app.md'), report);
  if (score < SCORE_BUDGET || scriptBytes > SCRIPT_BUDGET_BYTES) process.exitCode = 1;
}

await main();
