// The patient app's first page under Lighthouse (issue 17): the mobile performance score of
// /p/{slug} at least 90 under Lighthouse's default mobile conditions (simulated slow 4G, 4x CPU
// slowdown, a Moto G Power screen), and the JavaScript the page downloads at most 120 KB as sent
// (the server compresses). Starts the built server on a fresh PGlite with the demo data and
// drives Debian's Chromium; builds nothing.
// Run: npx tsc -b packages/shared apps/server && npm run build -w @caredesk/patient
//      && npm run bench:patient-lighthouse -w @caredesk/bench
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { repoRoot, serverBuilt, startServer } from './server.js';

const SCORE_BUDGET = 90;
const SCRIPT_BUDGET_BYTES = 120 * 1024;
/** A demo organisation with doctors, facilities and online booking on (the seed gives it a slug). */
const SLUG = process.env.BENCH_SLUG ?? 'sanjeevani-hospital';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  scriptFiles: number;
}

function numeric(audits: Record<string, { numericValue?: number }>, id: string): number {
  return audits[id]?.numericValue ?? Number.NaN;
}

async function measure(url: string, port: number): Promise<Run> {
  // Lighthouse's default config is the mobile one: simulated throttling, 4x CPU, 412 px screen.
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, { numericValue?: number; details?: unknown }>;
  const requests = ((audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number; url?: string }[] } | undefined)?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric(audits, 'first-contentful-paint'),
    lcpMs: numeric(audits, 'largest-contentful-paint'),
    tbtMs: numeric(audits, 'total-blocking-time'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    scriptBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptFiles: requests.length,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (!serverBuilt()) return;
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const runs: Run[] = [];
  try {
    const url = `${server.url}/p/${SLUG}`;
    // One unmeasured load first: the server's first answers warm its caches, as on a live site.
    await measure(url, chrome.port);
    for (let i = 0; i < RUNS; i += 1) runs.push(await measure(url, chrome.port));
  } finally {
    await chrome.kill();
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
