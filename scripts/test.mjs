#!/usr/bin/env node
// `npm test`: every check and every suite, then one plain closing line `N passed, N failed`
// that CI reads (it does not recognise Vitest's or Playwright's own summaries).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { relative, resolve } from 'node:path';
import { findChromium } from './chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const out = resolve(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const chromium = findChromium();
if (!chromium) {
  console.error('\nNo Chromium found for the browser tests.\n' + "Install Debian's package: apt-get install -y chromium fonts-liberation (or set CHROMIUM_PATH).\n");
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const rows = [];
/** Each failed test, named, for the summary. */
const failures = [];
const startedAt = Date.now();
const loadAtStart = loadavg();
/** Wall time of each phase, for the record `npm run bench:budget` reads (issue #18: ≤ 20 min). */
const phases = [];
function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
  const phaseStart = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  phases.push({ label, ms: Date.now() - phaseStart });
  return result.status === 0;
}
/**
 * Runs steps in order until one fails, beside whatever else is running: each step's output is
 * held and printed whole when it ends, so two lanes never interleave their lines. Each step's own
 * wall time goes into the record, marked as run side by side.
 */
async function lane(steps) {
  for (const [label, cmd, args] of steps) {
    const phaseStart = Date.now();
    const { status, output } = await new Promise((done) => {
      const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      const chunks = [];
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      child.on('error', (error) => done({ status: 1, output: String(error) }));
      child.on('close', (code) => done({ status: code, output: Buffer.concat(chunks).toString() }));
    });
    phases.push({ label: `${label} (side by side)`, ms: Date.now() - phaseStart });
    console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`);
    if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    if (status !== 0) return false;
  }
  return true;
}
function check(label, ok) {
  rows.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const built = check('build', run('build', 'npm', ['run', 'build', '--silent']));
// Lint, format and type-check are each one single-threaded process: one after another they held
// one of CI's 2 cores for 2.8 min while the other idled. Side by side in two lanes they take the
// longer lane's time. ESLint alone is the longest step (its typed rules build TypeScript's
// programs as tsc does, then run the rules on top), so Prettier runs after the type-checks, not
// after ESLint (issue #18: 3.7 min against 2.3), and runs even when a type-check failed, so a
// formatting slip is always reported. Formatting is part of lint: one Prettier config
// (.prettierrc.json), checked, never argued in review.
const typeChecks = lane([
  ['type-check', 'npx', ['tsc', '-b']],
  ['type-check e2e', 'npx', ['tsc', '-p', 'e2e', '--noEmit']],
  ['type-check bench', 'npx', ['tsc', '-p', 'bench', '--noEmit']],
]);
const [eslinted, typed, formatted] = await Promise.all([
  lane([['lint', 'npx', ['eslint', '.', '--max-warnings=0']]]),
  typeChecks,
  typeChecks.then(() => lane([['format', 'npx', ['prettier', '--check', '.']]])),
]);
check('lint', eslinted && formatted);
check('type-check', typed);

const vitestFile = resolve(out, 'vitest.json');
const vitestOk = run('unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]);
const vitest = readJson(vitestFile);
if (vitest) {
  // A file that fails to load has no tests of its own: count it as a failure too.
  const brokenFiles = vitest.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  for (const file of vitest.testResults) {
    const path = relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.length === 0) failures.push(`${path}: ${firstLine(file.message)}`);
    for (const test of file.assertionResults.filter((result) => result.status === 'failed')) failures.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  const outsideTests = !vitestOk && vitest.numFailedTests + brokenFiles === 0;
  if (outsideTests) failures.push("vitest: every test passed, but Vitest failed the run: an error outside any test (look for 'Unhandled Errors' above)");
  rows.push({ label: 'vitest', passed: vitest.numPassedTests, failed: vitest.numFailedTests + brokenFiles + (outsideTests ? 1 : 0) });
} else {
  rows.push({ label: 'vitest', passed: 0, failed: 1 });
}

if (built) {
  const pwFile = resolve(out, 'playwright.json');
  const pwOk = run('browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile,
    CHROMIUM_PATH: chromium,
  });
  const pw = readJson(pwFile);
  if (pw?.stats) {
    const failed = pw.stats.unexpected + (pw.errors?.length ?? 0);
    failures.push(...playwrightFailures(pw));
    rows.push({ label: 'playwright', passed: pw.stats.expected + pw.stats.flaky, failed: failed + (pwOk || failed > 0 ? 0 : 1) });
  } else {
    rows.push({ label: 'playwright', passed: 0, failed: 1 });
  }
} else {
  rows.push({ label: 'playwright (not run: build failed)', passed: 0, failed: 1 });
}

// CI keeps only the tail of this output: name what failed here, above the totals, where it is kept.
if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures.slice(0, 40)) console.log(`  ✘ ${failure}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
}

console.log('\nSuite totals');
for (const row of rows) console.log(`  ${row.label.padEnd(36)} ${String(row.passed).padStart(5)} passed ${String(row.failed).padStart(3)} failed`);
const passed = rows.reduce((sum, row) => sum + row.passed, 0);
const failed = rows.reduce((sum, row) => sum + row.failed, 0);
if (!existsSync(resolve(root, 'node_modules'))) console.log('(node_modules missing: run npm ci)');
writeRecord(passed, failed);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function firstLine(message) {
  // Colour codes out, one line, short: enough to name the failure; the full text is above it.
  const line =
    String(message ?? '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((text) => text.trim()) ?? '';
  return line.trim().slice(0, 200);
}

/** Each unexpected Playwright test as 'file:line › title: first line of its error', and errors outside tests. */
function playwrightFailures(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        found.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) found.push(`playwright: ${firstLine(error.message)}`);
  return found;
}

/** bench/results/npm-test.md: this run's phases and counts, the budget row of `npm run bench:budget`. */
function writeRecord(passed, failed) {
  const minutes = (ms) => (ms / 60_000).toFixed(1);
  const load = (values) => values.map((v) => v.toFixed(1)).join(' / ');
  const text = [
    `# \`npm test\`, ${new Date().toISOString()}`,
    '',
    `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average (1/5/15 min) ${load(loadAtStart)} at start, ${load(loadavg())} at end. Written by scripts/test.mjs at the end of every \`npm test\`.`,
    '',
    '| Phase | min |',
    '|---|--:|',
    ...phases.map((phase) => `| ${phase.label} | ${minutes(phase.ms)} |`),
    `| total | ${minutes(Date.now() - startedAt)} |`,
    '',
    'Phases marked side by side ran at the same time as each other (two lanes); each row is its own wall time, the total the whole run’s.',
    '',
    `${passed} passed, ${failed} failed`,
    '',
  ].join('\n');
  try {
    mkdirSync(resolve(root, 'bench/results'), { recursive: true });
    writeFileSync(resolve(root, 'bench/results/npm-test.md'), text);
  } catch (error) {
    // The record is a convenience for the bench; it never changes the run's outcome.
    console.error(`bench/results/npm-test.md not written: ${error.message}`);
  }
}
